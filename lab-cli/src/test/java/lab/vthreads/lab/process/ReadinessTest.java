package lab.vthreads.lab.process;

import lab.vthreads.lab.AnsweringServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** How the lab tells an application is up, against real HTTP servers answering as applications it has met do. */
class ReadinessTest {

    private AnsweringServer server;

    /** A server whose paths answer these statuses, and 404 elsewhere. */
    private String serve(Map<String, Integer> statuses) {
        server = AnsweringServer.start(Map.of(), statuses, 404);
        return server.url();
    }

    @AfterEach
    void stop() {
        if (server != null) server.close();
    }

    @Test
    void healthBehindSecurityIsUpOnceItsPortAnswers() throws Exception {
        String base = serve(Map.of("/actuator/health", 401));

        Readiness readiness = Readiness.healthOrPort(base + "/actuator/health", base + "/");

        assertThat(readiness.ready()).isTrue();
    }

    @Test
    void healthSayingDownIsNotUp() throws Exception {
        String base = serve(Map.of("/actuator/health", 503, "/", 200));

        Readiness readiness = Readiness.healthOrPort(base + "/actuator/health", base + "/");

        assertThat(readiness.ready()).isFalse();
        assertThat(readiness.last()).contains("HTTP 503");
    }

    @Test
    void healthDownForSomethingTheLabDoesNotStartNamesItAndTheSwitch() throws Exception {
        // Conductor's, with Spring Boot's Elasticsearch client on its class path and no Elasticsearch: DOWN for good.
        server = AnsweringServer.start(Map.of("/actuator/health", """
                {"status":"DOWN","components":{"db":{"status":"UP"},"diskSpace":{"status":"UP"},"elasticsearch":{"status":"DOWN",
                "details":{"error":"java.net.ConnectException: Connection refused"}},"ping":{"status":"UP"}}}"""), Map.of("/actuator/health", 503), 200);
        String base = server.url();

        Readiness readiness = Readiness.healthOrPort(base + "/actuator/health", base + "/");

        assertThat(readiness.ready()).isFalse();
        assertThat(readiness.last()).contains("HTTP 503, DOWN in its health: elasticsearch (", "--app-property management.health.elasticsearch.enabled=false",
                "--app-health PATH").doesNotContain("diskSpace", "db,");
    }

    @Test
    void withoutActuatorAny404IsAnAnswer() throws Exception {
        String base = serve(Map.of());

        assertThat(Readiness.anyAnswer(base + "/").ready()).isTrue();
        assertThat(Readiness.answers200(base + "/").ready()).isFalse();
    }

    @Test
    void aPortNobodyListensOnIsNotUpAndSaysWhy() throws Exception {
        String base = serve(Map.of());
        server.close();
        server = null;

        Readiness readiness = Readiness.anyAnswer(base + "/");

        assertThat(readiness.ready()).isFalse();
        assertThat(readiness.last()).contains("ConnectException");
    }
}
