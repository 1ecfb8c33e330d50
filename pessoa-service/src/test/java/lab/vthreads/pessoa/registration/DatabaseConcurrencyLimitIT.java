package lab.vthreads.pessoa.registration;

import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.pessoa.support.HikariPool;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.pessoa.support.ServiceTestBase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The backpressure setting: with one request allowed in a transaction and the lookups inside it, a second
 * concurrent request is refused with 503 + Retry-After while the first still holds its connection, instead of
 * queueing on the pool; nothing is half-written.
 */
@TestPropertySource(properties = {
        "lab.cep.lookup-inside-transaction=true",
        "lab.database.concurrency-limit=1",
        "spring.threads.virtual.enabled=true",
        // The holder's lookup is made slow on purpose, so a cold or busy machine has seconds, not a moment, to send
        // the second request while the first holds the only permit.
        "lab.cep.read-timeout=20s",
})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DatabaseConcurrencyLimitIT extends ServiceTestBase {

    static final int HOLD_MS = 5000;

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
    void refusesWorkOverTheLimitWith503AndRetryAfter() throws Exception {
        SharedInfrastructure.cep().setLatency(new CepLatency.FixedLatency(HOLD_MS));
        String holderCpf = Cpfs.next();
        CompletableFuture<Http.Reply> holder = CompletableFuture.supplyAsync(() -> http.postJson("/v1/pessoas", Http.pessoa(holderCpf, "SEGURA", "01001000")));
        Http.Reply refused;
        try {
            awaitRowlessTransaction();
            refused = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "RECUSADA", "01001000"));
        } finally {
            assertThat(holder.get(30, TimeUnit.SECONDS).status()).isEqualTo(201);
        }

        assertThat(refused.status()).isEqualTo(503);
        // Whole seconds from RetryAfterEstimate (RetryAfterEstimateTest): here 1 or 2, as one admission met two arrivals.
        assertThat(refused.header("Retry-After")).matches("[1-9][0-9]*");
        assertThat(refused.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:database-busy");
        assertThat(tables.pessoas()).isEqualTo(1);
        assertThat(tables.enderecosOf(holderCpf)).hasSize(1);
    }

    @Test
    void letsSequentialRequestsThrough() {
        for (int i = 0; i < 3; i++) {
            assertThat(http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "UMA POR VEZ", "01001000")).status()).isEqualTo(201);
        }
        assertThat(tables.pessoas()).isEqualTo(3);
    }

    @Autowired
    javax.sql.DataSource dataSource;

    /** The holder is inside its transaction once it holds a connection (it takes one before its slow lookup). */
    private void awaitRowlessTransaction() throws InterruptedException {
        HikariPool.awaitActive(dataSource, 1, java.time.Duration.ofSeconds(20));
    }
}
