package lab.vthreads.contract.suite;

import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.service.RequestDeadlines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.test.context.TestPropertySource;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request whose deadline ({@code X-Request-Deadline}, what the gateway sends) passes while its CEP lookups run is
 * answered 503 {@code deadline-passed} and stores nothing, with the lookups before the transaction and inside it;
 * one with its deadline ahead is stored as always. The lookups take 1.5 s, ten times the deadline's 150 ms. Each
 * implementation runs it twice: as it is, and with {@code lab.cep.lookup-inside-transaction=true}.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
// A busy machine must not turn the 1.5 s lookups into CEP timeouts.
@TestPropertySource(properties = "lab.cep.read-timeout=20s")
public abstract class RequestDeadlineContract extends ContractTest {

    @BeforeEach
    void slowLookups() {
        SharedInfrastructure.cep().setLatency(new CepLatency.FixedLatency(1500));
    }

    @AfterEach
    void restoreLatency() {
        SharedInfrastructure.cep().setLatency(new CepLatency.None());
    }

    @Test
    void aDeadlineThatPassesDuringTheLookupsStoresNothing() {
        String cpf = Cpfs.next();

        Http.Reply reply = post(cpf, deadlineIn(Duration.ofMillis(150)));

        assertThat(reply.status()).isEqualTo(503);
        assertThat(reply.header("Content-Type")).isEqualTo("application/problem+json");
        assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:deadline-passed");
        assertThat(reply.json().get("detail").asString()).contains("nothing was stored");
        assertThat(tables.pessoasWithCpf(cpf)).isZero();
        assertThat(tables.enderecos()).isZero();
    }

    @Test
    void aDeadlineAheadStoresThePerson() {
        String cpf = Cpfs.next();

        assertThat(post(cpf, deadlineIn(Duration.ofMinutes(2))).status()).isEqualTo(201);
        assertThat(tables.pessoasWithCpf(cpf)).isOne();
    }

    @Test
    void aDeadlineThatIsNotEpochMillisecondsIsA400() {
        String cpf = Cpfs.next();

        Http.Reply reply = post(cpf, "amanha");

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:invalid-deadline");
        assertThat(tables.pessoasWithCpf(cpf)).isZero();
    }

    private Http.Reply post(String cpf, String deadline) {
        return http.postJson("/v1/pessoas", Http.pessoa(cpf, "PRAZO", "01001000"), RequestDeadlines.HEADER, deadline);
    }

    private static String deadlineIn(Duration duration) {
        return RequestDeadlines.format(Instant.now().plus(duration));
    }
}
