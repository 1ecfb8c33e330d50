package lab.vthreads.gateway.route;

import lab.vthreads.infra.testsupport.ListenPorts;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Nothing listens where pessoa-service should be: the gateway answers 502 with a problem, at once. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class UpstreamDownIT {

    @DynamicPropertySource
    static void deadUpstream(DynamicPropertyRegistry registry) throws IOException {
        // Below the ephemeral range: no connection of the test's own can come to hold it as its source port.
        int closedPort = ListenPorts.next();
        registry.add("lab.gateway.pessoa-url", () -> "http://127.0.0.1:" + closedPort);
    }

    @LocalServerPort
    int port;

    @Test
    void answersWith502Problem() {
        Http.Reply response = new Http("http://127.0.0.1:" + port, Duration.ofSeconds(15))
                .postJson("/v1/pessoas", Http.pessoa("89084980875", "PELO GATEWAY", "22041012"));

        assertThat(response.status()).isEqualTo(502);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"status\":502", "\"type\":\"urn:vthreads-lab:problem:upstream-unavailable\"");
        assertThat(response.headers().firstValue("X-Request-Id")).isPresent();
    }
}
