package lab.vthreads.pessoa;

import lab.vthreads.infra.testsupport.RawHttp;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests Tomcat itself rejects, before any of the service's code runs, answer with an RFC 9457 problem detail like
 * every other error of the API (service-support's ProblemDetailErrorReportValve), not Tomcat's HTML page or an empty
 * body.
 */
@lab.vthreads.pessoa.support.ServiceTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class TomcatRejectionsIT {

    @LocalServerPort
    int port;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "a character the request line may not hold|GET /v1/pessoas/{1} HTTP/1.1",
            "a space in the request target|GET /v1/pessoas/a b HTTP/1.1",
            "a path that decodes to nothing valid|GET /v1/pessoas/%zz HTTP/1.1",
            "headers larger than the server accepts|GET /v1/pessoas/count HTTP/1.1\r\nX-Padding: " + "PADDING"})
    void answerWithAProblemDetail(String test) {
        String head = test.substring(test.indexOf('|') + 1).replace("PADDING", "x".repeat(20_000));
        RawHttp.Answer answer = RawHttp.send(port, head + "\r\nHost: 127.0.0.1");

        assertThat(answer.status()).isBetween(400, 499);
        assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
        assertThat(answer.body()).contains("\"type\":\"urn:vthreads-lab:problem:request-rejected\"", "\"status\":" + answer.status());
    }
}
