package lab.vthreads.contract.suite;

import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With the lookups inside the transaction each request holds its connection for the whole CEP call. With a
 * two-connection pool and a 250 ms wait for a connection (each implementation sets its pool so), a third concurrent
 * request finds no connection: it must get a 503 with Retry-After, not a 500.
 */
@TestPropertySource(properties = {
        "lab.cep.lookup-inside-transaction=true",
        // The holders' lookups are slow on purpose: seconds, not a moment, for the third request to arrive on a busy machine.
        "lab.cep.read-timeout=20s",
})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
public abstract class LookupInsideTransactionContract extends ContractTest {

    /** So that the timed part below is not the JVM's first request. */
    @BeforeEach
    void warm() {
        warmThePath();
    }

    @AfterEach
    void restoreLatency() {
        SharedInfrastructure.cep().setLatency(new CepLatency.None());
    }

    @Test
    void stillCreatesThePerson() {
        String cpf = Cpfs.next();

        Http.Reply reply = http.postJson("/v1/pessoas", Http.pessoa(cpf, "DENTRO", "01001000", "22041012"));

        assertThat(reply.status()).isEqualTo(201);
        assertThat(tables.enderecosOf(cpf)).hasSize(2);
    }

    @Test
    void answersPoolExhaustionWith503AndRetryAfter() throws Exception {
        // Two requests hold both connections for 5 s, far past the 250 ms connectionTimeout of the third.
        SharedInfrastructure.cep().setLatency(new CepLatency.FixedLatency(5000));
        List<CompletableFuture<Http.Reply>> holders = Stream.generate(Cpfs::next).limit(2)
                .map(cpf -> CompletableFuture.supplyAsync(() -> http.postJson("/v1/pessoas", Http.pessoa(cpf, "SEGURA", "01001000"))))
                .toList();
        Http.Reply starved;
        try {
            awaitConnectionsTaken(2);
            starved = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "ESPERA", "01001000"));
        } finally {
            // Whatever happened, the holders finish here, not during the next test.
            for (CompletableFuture<Http.Reply> holder : holders) {
                assertThat(holder.get(30, TimeUnit.SECONDS).status()).isEqualTo(201);
            }
        }

        assertThat(starved.status()).isEqualTo(503);
        assertThat(starved.header("Retry-After")).isEqualTo("1");
        assertThat(starved.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:pool-exhausted");
        assertThat(tables.pessoas()).isEqualTo(2);
    }

    /** Waits until the service's pool has {@code count} connections taken, and fails the test if it does not happen within 20 s. */
    protected abstract void awaitConnectionsTaken(int count) throws InterruptedException;
}
