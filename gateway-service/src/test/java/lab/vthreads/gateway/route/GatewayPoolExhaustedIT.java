package lab.vthreads.gateway.route;

import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway's own pool of connections to pessoa-service, shrunk to one: while a slow request holds it, the next one
 * gets the gateway's 503 problem with Retry-After after the lease timeout, instead of waiting without bound.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "lab.gateway.client.max-connections=1",
        "lab.gateway.client.connection-request-timeout=300ms",
        "lab.gateway.client.response-timeout=30s",
        "management.server.port=0"})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class GatewayPoolExhaustedIT {

    // WireMock's own JUnit extension: started before the Spring context asks for its URL, reset before every test,
    // stopped after the class.
    @RegisterExtension
    static final WireMockExtension upstream = WireMockExtension.newInstance()
            .options(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort()).build();

    @DynamicPropertySource
    static void upstream(DynamicPropertyRegistry registry) {
        registry.add("lab.gateway.pessoa-url", upstream::baseUrl);
    }

    @LocalServerPort
    int port;

    @Test
    void answersA503ProblemWhenItsOwnPoolIsExhausted() throws Exception {
        Http http = new Http("http://127.0.0.1:" + port, Duration.ofSeconds(30));
        upstream.stubFor(post("/v1/pessoas").willReturn(aResponse().withStatus(201).withBody("{}").withFixedDelay(8000)));
        CompletableFuture<Http.Reply> holder = CompletableFuture.supplyAsync(() -> http.postJson("/v1/pessoas", "{}"));
        awaitRequestAtUpstream();

        Http.Reply refused = http.postJson("/v1/pessoas", "{}");

        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        assertThat(refused.header("Content-Type")).isEqualTo("application/problem+json");
        assertThat(refused.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:gateway-pool-exhausted");
        assertThat(holder.get(30, TimeUnit.SECONDS).status()).isEqualTo(201);
    }

    /** The holder has its pooled connection once its request reached the upstream. */
    private static void awaitRequestAtUpstream() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (upstream.getAllServeEvents().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(upstream.getAllServeEvents()).as("the first request reached the upstream").isNotEmpty();
    }
}
