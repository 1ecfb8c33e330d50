package lab.vthreads.pessoa.cep;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.pessoa.support.PessoaTables;
import lab.vthreads.pessoa.support.ServiceTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** Each CEP fault the mock can produce maps to its status, and no row is written, even for a later address. */
@ServiceTest
@TestPropertySource(properties = "lab.cep.read-timeout=1s")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CepFaultsIT {

    @LocalServerPort
    int port;

    @Autowired
    PessoaTables tables;

    Http http;

    @BeforeEach
    void setUp() {
        http = new Http("http://127.0.0.1:" + port);
        // The first lookup of a cold JVM must not be what meets the 1 s read timeout below.
        assertThat(http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "AQUECE", "01001000")).status()).isEqualTo(201);
        tables.truncate();
    }

    @AfterEach
    void nothingWasWritten() {
        assertThat(tables.pessoas()).isZero();
        assertThat(tables.enderecos()).isZero();
    }

    @ParameterizedTest(name = "CEP {0} → {1} {2}")
    @CsvSource({
            "00000000, 422, cep-not-found",
            "99999001, 502, cep-unavailable",
            "99999002, 502, cep-unavailable",
            "99999003, 502, cep-unavailable",
            "99999004, 504, cep-timeout",
            "99999005, 504, cep-timeout",
    })
    void mapsTheFaultToItsProblem(String cep, int status, String type) {
        // The failing CEP comes second: the first lookup succeeds, and still nothing may be stored.
        Http.Reply reply = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "FALHA", "01001000", cep));

        assertThat(reply.status()).isEqualTo(status);
        assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
        assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:" + type);
        assertThat(reply.json().get("cep").asString()).isEqualTo(cep);
    }
}
