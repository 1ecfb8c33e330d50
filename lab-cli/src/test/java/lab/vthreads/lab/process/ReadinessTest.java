package lab.vthreads.lab.process;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** How the lab tells an application is up, against real HTTP servers answering as applications it has met do. */
class ReadinessTest {

    private HttpServer server;

    /** A server whose paths answer these statuses, and 404 elsewhere. */
    private String serve(Map<String, Integer> statuses) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(statuses.getOrDefault(exchange.getRequestURI().getPath(), 404), -1);
            exchange.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        if (server != null) server.stop(0);
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
    void withoutActuatorAny404IsAnAnswer() throws Exception {
        String base = serve(Map.of());

        assertThat(Readiness.anyAnswer(base + "/").ready()).isTrue();
        assertThat(Readiness.answers200(base + "/").ready()).isFalse();
    }

    @Test
    void aPortNobodyListensOnIsNotUpAndSaysWhy() throws Exception {
        String base = serve(Map.of());
        server.stop(0);
        server = null;

        Readiness readiness = Readiness.anyAnswer(base + "/");

        assertThat(readiness.ready()).isFalse();
        assertThat(readiness.last()).contains("ConnectException");
    }
}
