package lab.vthreads.contract.suite;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.test.context.TestPropertySource;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each CEP fault the mock can produce maps to its status, and no row is written, even for a later address; a request's
 * lookups share one read timeout.
 */
@TestPropertySource(properties = "lab.cep.read-timeout=1s")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
public abstract class CepFaultsContract extends ContractTest {

    /** The first lookup of a cold JVM must not be what meets the 1 s read timeout below. */
    @BeforeEach
    void warm() {
        warmThePath();
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

    @Test
    void aRequestsLookupsShareOneReadTimeout() {
        // Three known CEPs, each answered after 600 ms: each lookup alone is within the 1 s read timeout, all three are
        // not, so the request must fail (within the timeout) rather than take 1.8 s.
        List<String> slowCeps = List.of("01073040", "01310100", "01569340");
        WireMockServer cepApi = SharedInfrastructure.cep().server();
        StubMapping slow = cepApi.stubFor(get(urlPathMatching("/ws/(" + String.join("|", slowCeps) + ")/json/")).atPriority(1)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json; charset=utf-8")
                        .withBodyFile("ceps/{{request.pathSegments.[1]}}.json").withTransformers("response-template")
                        .withFixedDelay(600)));
        try {
            Http.Reply reply = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "LENTO", slowCeps.toArray(String[]::new)));

            assertThat(reply.status()).isEqualTo(504);
            assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
            assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:cep-timeout");
            assertThat(reply.json().get("cep").asString()).isIn(slowCeps);
        } finally {
            cepApi.removeStubMapping(slow);
        }
    }
}
