package lab.vthreads.lab.metrics;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The figures of an application with Actuator but no Prometheus registry, read from a real HTTP server that answers
 * as Actuator's {@code /actuator/metrics/{name}} does.
 */
class ActuatorMetricsTest {

    private HttpServer server;

    /** Each figure's answer by metric and tag query, as Actuator would give it on an application under load. */
    private static final Map<String, String> ANSWERS = Map.of(
            "http.server.requests?", measurements(1000, 25.0),
            "http.server.requests?tag=outcome:SERVER_ERROR", measurements(10, 0.5),
            "http.server.requests?tag=outcome:SUCCESS&tag=uri:/actuator/metrics/{requiredMetricName}", measurements(40, 0.2),
            "http.server.requests?tag=outcome:SUCCESS&tag=uri:/actuator/health", measurements(5, 0.05),
            "hikaricp.connections.usage?", measurements(700, 3.5),
            "hikaricp.connections.acquire?", measurements(700, 0.07));

    private static String measurements(double count, double totalTime) {
        return "{\"measurements\":[{\"statistic\":\"COUNT\",\"value\":" + count + "},{\"statistic\":\"TOTAL_TIME\",\"value\":" + totalTime + "}]}";
    }

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/actuator/metrics/", exchange -> {
            String metric = exchange.getRequestURI().getPath().substring("/actuator/metrics/".length());
            String query = exchange.getRequestURI().getRawQuery() == null ? "" : URLDecoder.decode(exchange.getRequestURI().getRawQuery(), StandardCharsets.UTF_8);
            String body = ANSWERS.get(metric + "?" + query);
            byte[] bytes = (body == null ? "" : body).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : bytes.length);
            if (body != null) exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void everyAnswerButA5xxCountsAsServedAndTheLabsOwnReadsDoNot() {
        PrometheusScrape scrape = ActuatorMetrics.read("http://127.0.0.1:" + server.getAddress().getPort(),
                List.of("http_server_requests_seconds", "hikaricp_connections_usage_seconds", "hikaricp_connections_acquire_seconds"));

        // 1,000 requests of every outcome (200s, 302s, 404s alike), 10 of them 5xx, 45 the lab's own reads
        assertThat(scrape.sum("http_server_requests_seconds_count", l -> "2xx".equals(l.get("status")))).isCloseTo(945, within(1e-9));
        assertThat(scrape.sum("http_server_requests_seconds_count", l -> "5xx".equals(l.get("status")))).isCloseTo(10, within(1e-9));
        assertThat(scrape.sum("http_server_requests_seconds_sum")).isCloseTo(25.0 - 0.25, within(1e-9));
        // The pool's use, for the model's pool bound: 700 connections held 5 ms each
        assertThat(scrape.sum("hikaricp_connections_usage_seconds_count")).isEqualTo(700);
        assertThat(scrape.sum("hikaricp_connections_usage_seconds_sum") / scrape.sum("hikaricp_connections_usage_seconds_count")).isCloseTo(0.005, within(1e-12));
        assertThat(scrape.sum("hikaricp_connections_acquire_seconds_count")).isEqualTo(700);
    }

    @Test
    void aFigureTheApplicationDoesNotHaveIsLeftOutNotZero() {
        PrometheusScrape scrape = ActuatorMetrics.read("http://127.0.0.1:" + server.getAddress().getPort(), List.of("jvm_compilation_time_ms"));

        assertThat(scrape.sum("jvm_compilation_time_ms_total")).isNaN();
    }
}
