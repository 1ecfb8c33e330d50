package lab.vthreads.service.rejections;

import lab.vthreads.infra.testsupport.RawHttp;
import lab.vthreads.infra.testsupport.TomcatRejections;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

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
}
