package lab.vthreads.lab.metrics;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which metric endpoints a management port has, from real HTTP servers that answer as applications the lab has met
 * do: one that turns every unknown path into a 500, one with discovery off, one behind security.
 */
class ActuatorLinksTest {

    private HttpServer server;

    /** A server answering each path with its status and body; any other path with {@code otherwise}. */
    private String serve(Map<String, String> bodies, int otherwise) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            String body = bodies.get(path);
            byte[] bytes = (body == null ? "{\"status\":" + otherwise + "}" : body).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body == null ? otherwise : 200, bytes.length);
            exchange.getResponseBody().write(bytes);
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
    void anApplicationWhoseUnknownPathsAnswer500IsReadThroughTheMetricsItsLinksList() throws IOException {
        String base = serve(Map.of(
                "/actuator", "{\"_links\":{\"self\":{\"href\":\"x\"},\"health\":{\"href\":\"x\"},\"metrics\":{\"href\":\"x\"}}}",
                "/actuator/metrics/jvm.compilation.time", "{\"measurements\":[{\"statistic\":\"COUNT\",\"value\":1234.0}]}"), 500);

        ActuatorLinks links = ActuatorLinks.of(base);

        assertThat(links.endpoints()).containsExactly(ActuatorLinks.METRICS);
        assertThat(links.asked()).contains("/actuator: 200");
        assertThat(PrometheusScrape.of(base, List.of("jvm_compilation_time_ms")).sum("jvm_compilation_time_ms_total")).isEqualTo(1234.0);
    }

    @Test
    void withDiscoveryOffEachEndpointIsAskedFor() throws IOException {
        String base = serve(Map.of("/actuator/prometheus", "jvm_threads_live_threads 42\n"), 404);

        ActuatorLinks links = ActuatorLinks.of(base);

        assertThat(links.endpoints()).containsExactly(ActuatorLinks.PROMETHEUS);
        assertThat(links.asked()).contains("/actuator: 404", "/actuator/prometheus: 200", "/actuator/metrics: 404");
        assertThat(PrometheusScrape.of(base, List.of("jvm_threads_live_threads")).sum("jvm_threads_live_threads")).isEqualTo(42);
    }

    @Test
    void endpointsBehindSecurityAreNoneAndSaySo() throws IOException {
        String base = serve(Map.of(), 401);

        ActuatorLinks links = ActuatorLinks.of(base);

        assertThat(links.endpoints()).isEmpty();
        assertThat(links.asked()).contains("/actuator: 401", "/actuator/prometheus: 401", "/actuator/metrics: 401");
        assertThat(PrometheusScrape.of(base, List.of("jvm_threads_live_threads")).isEmpty()).isTrue();
    }

    @Test
    void nothingListeningIsNotKeptAsAnAnswer() throws IOException {
        String base = serve(Map.of(), 404);
        server.stop(0);
        server = null;

        assertThat(ActuatorLinks.of(base).asked()).endsWith("no answer");
    }
}
