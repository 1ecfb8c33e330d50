package lab.vthreads.service.rejections;

import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.infra.testsupport.RawHttp;
import lab.vthreads.infra.testsupport.TomcatRejections;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests Tomcat itself rejects answer with a problem detail like every other error of the services' APIs
 * ({@link TomcatRejections}): what this module adds to any Spring Boot servlet application that has it on its
 * classpath, as both services do, checked once on an application with nothing else.
 */
@SpringBootTest(classes = TomcatRejectionsIT.Application.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "management.server.port=0")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class TomcatRejectionsIT {

    @SpringBootApplication
    static class Application {
    }

    @LocalServerPort
    int port;

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.vthreads.infra.testsupport.TomcatRejections#requests")
    void answerWithAProblemDetail(String what, String head) {
        assertThat(TomcatRejections.whatIsWrong(RawHttp.send(port, head))).isNull();
    }

    /** GeneratedInputContract found both servlet services answering this with a 500. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"application/*", "*/*", "application/*; charset=UTF-8"})
    void aWildcardContentTypeIsUnsupported(String contentType) {
        Http.Reply reply = new Http("http://127.0.0.1:" + port).send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/anything"))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString("{}")));

        assertThat(reply.status()).isEqualTo(415);
        assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
        assertThat(reply.json().path("status").asInt()).isEqualTo(415);
        assertThat(reply.json().path("title").asString()).isEqualTo("Unsupported Media Type");
    }
}
