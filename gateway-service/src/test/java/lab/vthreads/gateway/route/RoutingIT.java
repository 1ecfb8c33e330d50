package lab.vthreads.gateway.route;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.service.RequestDeadlines;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway against a WireMock standing in for pessoa-service, so each upstream answer can be chosen: statuses,
 * bodies and headers must pass through unchanged, and failures must become problems within the timeouts.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "lab.gateway.client.response-timeout=1s",
        "management.server.port=0"})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class RoutingIT {

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

    Http http;

    @BeforeEach
    void setUp() {
        // Bounds every call: a gateway that hung on a slow or dead upstream would fail here, not stall the build. Far
        // above the gateway's 1 s response timeout, so a cold JVM on a busy machine still answers in time.
        http = new Http("http://127.0.0.1:" + port, Duration.ofSeconds(9));
    }

    @Test
    void passesACreatedPersonThroughWithItsLocationAndBody() {
        upstream.stubFor(post("/v1/pessoas").willReturn(aResponse().withStatus(201)
                .withHeader("Location", "/v1/pessoas/42")
                .withHeader("Content-Type", "application/json")
                .withBody("{\"id\":42,\"cpf\":\"89084980875\"}")));

        Http.Reply response = http.postJson("/v1/pessoas", Http.pessoa("89084980875", "PELO GATEWAY", "22041012"));

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.headers().firstValue("Location")).hasValue("/v1/pessoas/42");
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(response.body()).isEqualTo("{\"id\":42,\"cpf\":\"89084980875\"}");
        upstream.verify(postRequestedFor(urlEqualTo("/v1/pessoas"))
                .withRequestBody(equalTo(Http.pessoa("89084980875", "PELO GATEWAY", "22041012")))
                .withHeader("Content-Type", containing("application/json")));
    }

    /**
     * The body goes on with the client's Content-Length, not re-chunked (Spring Cloud Gateway MVC drops the header
     * unless told not to), and with the gateway's deadline in place of the client's.
     */
    @Test
    void passesTheBodyOnWithItsLengthAndTheGatewaysDeadline() {
        upstream.stubFor(post("/v1/pessoas").willReturn(aResponse().withStatus(201).withBody("{}")));
        String body = Http.pessoa("89084980875", "COM TAMANHO", "22041012");
        long before = System.currentTimeMillis();

        http.postJson("/v1/pessoas", body, RequestDeadlines.HEADER, "1");

        List<LoggedRequest> received = upstream.findAll(postRequestedFor(urlEqualTo("/v1/pessoas")));
        assertThat(received).hasSize(1);
        assertThat(received.getFirst().getHeader("Content-Length")).isEqualTo(Integer.toString(body.getBytes(StandardCharsets.UTF_8).length));
        assertThat(received.getFirst().containsHeader("Transfer-Encoding")).isFalse();
        assertThat(received.getFirst().getHeaders().getHeader(RequestDeadlines.HEADER).values()).hasSize(1);
        // The response timeout here is 1 s, so the gateway's deadline lies half a second after it sent the request.
        assertThat(Long.parseLong(received.getFirst().getHeader(RequestDeadlines.HEADER))).isGreaterThan(before);
    }

    /** The generated requests' shrunk counterexample: the gateway answered it 500 while picking the route. */
    @Test
    void answersAWildcardContentType415ItselfAndSendsNothingOn() {
        Http.Reply response = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/v1/pessoas"))
                .header("Content-Type", "application/*")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(Http.pessoa("89084980875", "CURINGA", "22041012"))));

        assertThat(response.status()).isEqualTo(415);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        upstream.verify(0, postRequestedFor(urlEqualTo("/v1/pessoas")));
    }

    /**
     * The gateway rebuilds a form body, percent-encoding what was sent raw ("!" becomes "%21"), so the body goes on
     * without the client's shorter Content-Length, and arrives whole.
     */
    @Test
    void passesAFormBodyOnWhole() {
        upstream.stubFor(post("/v1/pessoas").willReturn(aResponse().withStatus(415)));

        http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/v1/pessoas"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("nome=ANA!&cpf=1")));

        List<LoggedRequest> received = upstream.findAll(postRequestedFor(urlEqualTo("/v1/pessoas")));
        assertThat(received).hasSize(1);
        assertThat(java.net.URLDecoder.decode(received.getFirst().getBodyAsString(), StandardCharsets.UTF_8)).isEqualTo("nome=ANA!&cpf=1");
    }

    /** A form body Tomcat cannot decode fails while the gateway reads its parameters: a 400 problem, nothing sent on. */
    @Test
    void answersAFormItCannotDecode400ItselfAndSendsNothingOn() {
        Http.Reply response = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/v1/pessoas"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("nome=100%")));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.json().path("type").asString()).isEqualTo("urn:vthreads-lab:problem:request-rejected");
        upstream.verify(0, postRequestedFor(urlEqualTo("/v1/pessoas")));
    }

    @ParameterizedTest(name = "upstream {0}")
    @ValueSource(ints = {400, 404, 409, 413, 422, 502, 503, 504})
    void passesEveryUpstreamStatusAndProblemThroughUnchanged(int status) {
        String problem = "{\"type\":\"urn:vthreads-lab:problem:x\",\"status\":" + status + ",\"detail\":\"from pessoa-service\"}";
        upstream.stubFor(post("/v1/pessoas").willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", "application/problem+json")
                .withHeader("Retry-After", "1")
                .withBody(problem)));

        Http.Reply response = http.postJson("/v1/pessoas", Http.pessoa("89084980875", "PELO GATEWAY", "22041012"));

        assertThat(response.status()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.body()).isEqualTo(problem);
    }

    @Test
    void routesGetsToo() {
        upstream.stubFor(get("/v1/pessoas/count").willReturn(aResponse().withStatus(200).withBody("{\"count\":7}")));

        Http.Reply response = http.get("/v1/pessoas/count");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"count\":7}");
    }

    @Test
    void doesNotRouteOtherPaths() {
        assertThat(http.get("/admin").status()).isEqualTo(404);
        assertThat(upstream.getAllServeEvents()).isEmpty();
    }

    @Test
    void addsARequestIdWhenMissingPassesItDownstreamAndReturnsItOnce() {
        upstream.stubFor(post("/v1/pessoas").willReturn(aResponse().withStatus(201)
                .withHeader("X-Request-Id", "echoed-by-upstream").withBody("{}")));

        Http.Reply response = http.postJson("/v1/pessoas", "{}");

        assertThat(response.headerValues("X-Request-Id")).singleElement().asString().matches("[0-9a-f-]{36}");
        String requestId = response.headers().firstValue("X-Request-Id").orElseThrow();
        upstream.verify(postRequestedFor(urlEqualTo("/v1/pessoas")).withHeader("X-Request-Id", equalTo(requestId)));
    }

    @Test
    void keepsTheClientsRequestId() {
        upstream.stubFor(post("/v1/pessoas").willReturn(aResponse().withStatus(201).withBody("{}")));

        Http.Reply response = http.postJson("/v1/pessoas", "{}", "X-Request-Id", "client-id-7");

        assertThat(response.headerValues("X-Request-Id")).containsExactly("client-id-7");
        upstream.verify(postRequestedFor(urlEqualTo("/v1/pessoas")).withHeader("X-Request-Id", equalTo("client-id-7")));
    }

    @Test
    void answersASlowUpstreamWith504ProblemAfterTheResponseTimeout() {
        // 10 s upstream delay vs 1 s response timeout; the client gives up at 9 s, so only the gateway's own timeout
        // can produce an answer in time.
        upstream.stubFor(post("/v1/pessoas").willReturn(aResponse().withStatus(201).withFixedDelay(10_000)));

        Http.Reply response = http.postJson("/v1/pessoas", "{}");

        assertThat(response.status()).isEqualTo(504);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"type\":\"urn:vthreads-lab:problem:upstream-timeout\"", "\"requestId\":");
    }

    @Test
    void answersADeadUpstreamWith502Problem() {
        upstream.stubFor(post("/v1/pessoas").willReturn(aResponse().withFault(com.github.tomakehurst.wiremock.http.Fault.CONNECTION_RESET_BY_PEER)));

        Http.Reply response = http.postJson("/v1/pessoas", "{}");

        assertThat(response.status()).isEqualTo(502);
        assertThat(response.body()).contains("\"type\":\"urn:vthreads-lab:problem:upstream-unavailable\"");
        assertThat(response.body()).doesNotContain("Exception", "at org.");
    }
}
