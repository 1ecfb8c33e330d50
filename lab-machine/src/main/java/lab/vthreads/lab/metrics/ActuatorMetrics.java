package lab.vthreads.lab.metrics;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The figures the lab reads, from Actuator's {@code /actuator/metrics/{name}} where an application has Actuator but no
 * Prometheus registry (spring-petclinic, for one): each as the Prometheus series the lab's readers know, so a prewarm
 * can see the JIT and the requests settle and the report can give heap, threads and the pool. One request per figure,
 * so only what is asked for; a figure the application does not have is left out (not measured), never 0.
 */
final class ActuatorMetrics {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    // As long as a Prometheus scrape may take (PrometheusScrape): a figure later than that is a second not measured.
    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    // The lab's own reads (these, and the health checks that waited for the start) are requests too: left out of the
    // application's count, as the Prometheus readers leave out every /actuator URI.
    private static final List<String> OWN_READS = List.of("uri:/actuator/metrics/{requiredMetricName}", "uri:/actuator/health");

    /** A gauge or counter: Actuator's metric, its tags, the statistic, and the series it stands for. */
    private record Figure(String metric, List<String> tags, String statistic, String series, Map<String, String> labels) {
    }

    private static final Map<String, List<Figure>> FAMILIES = Map.of(
            "jvm_memory_used_bytes", List.of(new Figure("jvm.memory.used", List.of("area:heap"), "VALUE", "jvm_memory_used_bytes", Map.of("area", "heap"))),
            "jvm_threads_live_threads", List.of(gauge("jvm.threads.live", "jvm_threads_live_threads")),
            "jvm_threads_peak_threads", List.of(gauge("jvm.threads.peak", "jvm_threads_peak_threads")),
            "jvm_compilation_time_ms", List.of(new Figure("jvm.compilation.time", List.of(), "COUNT", "jvm_compilation_time_ms_total", Map.of())),
            "system_cpu_count", List.of(gauge("system.cpu.count", "system_cpu_count")),
            "tomcat_threads_busy_threads", List.of(gauge("tomcat.threads.busy", "tomcat_threads_busy_threads")),
            "hikaricp_connections_active", List.of(gauge("hikaricp.connections.active", "hikaricp_connections_active")),
            "hikaricp_connections_pending", List.of(gauge("hikaricp.connections.pending", "hikaricp_connections_pending")),
            // The acquisitions and how long a connection is held: the model's pool bound (connections ÷ hold time per request).
            "hikaricp_connections_acquire_seconds", timer("hikaricp.connections.acquire", "hikaricp_connections_acquire_seconds"),
            "hikaricp_connections_usage_seconds", timer("hikaricp.connections.usage", "hikaricp_connections_usage_seconds"));

    private static List<Figure> timer(String metric, String series) {
        return List.of(new Figure(metric, List.of(), "COUNT", series + "_count", Map.of()), new Figure(metric, List.of(), "TOTAL_TIME", series + "_sum", Map.of()));
    }

    private static Figure gauge(String metric, String series) {
        return new Figure(metric, List.of(), "VALUE", series, Map.of());
    }

    private ActuatorMetrics() {
    }

    /**
     * What {@code families} name, as far as the application has it; empty when it has no metrics endpoint either. Every
     * figure is asked for at once: a saturated application answers its management port late (with virtual threads, its
     * requests wait for a carrier beside the users'), and one after the other they took longer than a second together.
     */
    static PrometheusScrape read(String managementBaseUrl, List<String> families) {
        Map<Figure, CompletableFuture<Double>> asked = new LinkedHashMap<>();
        boolean requests = families.contains("http_server_requests_seconds");
        for (String family : families) {
            for (Figure figure : FAMILIES.getOrDefault(family, List.of())) asked.put(figure, statistic(managementBaseUrl, figure));
        }
        Map<String, CompletableFuture<Double>> counts = new LinkedHashMap<>();
        if (requests) {
            counts.put("all", statistic(managementBaseUrl, requestFigure(List.of(), "COUNT")));
            counts.put("seconds", statistic(managementBaseUrl, requestFigure(List.of(), "TOTAL_TIME")));
            counts.put("failed", statistic(managementBaseUrl, requestFigure(List.of("outcome:SERVER_ERROR"), "COUNT")));
            for (String uri : OWN_READS) {
                counts.put("own " + uri, statistic(managementBaseUrl, requestFigure(List.of("outcome:SUCCESS", uri), "COUNT")));
                counts.put("own seconds " + uri, statistic(managementBaseUrl, requestFigure(List.of("outcome:SUCCESS", uri), "TOTAL_TIME")));
            }
        }
        List<PrometheusScrape.Series> series = new ArrayList<>();
        asked.forEach((figure, value) -> {
            Double v = value.join();
            if (v != null) series.add(new PrometheusScrape.Series(figure.series(), figure.labels(), v));
        });
        if (requests) requests(counts, series);
        return PrometheusScrape.of(series);
    }

    private static Figure requestFigure(List<String> tags, String statistic) {
        return new Figure("http.server.requests", tags, statistic, null, Map.of());
    }

    /**
     * The requests as two series on no particular URI: every answer but a 5xx as "2xx", and the 5xx; the lab's own reads
     * taken out. A redirect or a 4xx is an answer the application served, as the Prometheus path counts it: counted as
     * successes alone, a scenario of 200s and 302s (spring-petclinic's) was served far more than the lab saw, and its
     * calibration's CPU per request came out too high.
     */
    private static void requests(Map<String, CompletableFuture<Double>> counts, List<PrometheusScrape.Series> series) {
        Double all = counts.get("all").join();
        if (all == null) return;
        Double failed = counts.get("failed").join();
        Double seconds = counts.get("seconds").join();
        double own = 0, ownSeconds = 0;
        for (String uri : OWN_READS) {
            own += orZero(counts.get("own " + uri).join());
            ownSeconds += orZero(counts.get("own seconds " + uri).join());
        }
        series.add(new PrometheusScrape.Series("http_server_requests_seconds_count", Map.of("status", "2xx"), all - orZero(failed) - own));
        if (seconds != null) series.add(new PrometheusScrape.Series("http_server_requests_seconds_sum", Map.of("status", "2xx"), seconds - ownSeconds));
        if (failed != null) series.add(new PrometheusScrape.Series("http_server_requests_seconds_count", Map.of("status", "5xx"), failed));
    }

    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }

    /** One statistic of one metric with its tags; null where the application has no such metric (or tagged series), or did not answer. */
    private static CompletableFuture<Double> statistic(String base, Figure figure) {
        StringBuilder url = new StringBuilder(base).append("/actuator/metrics/").append(figure.metric());
        List<String> tags = figure.tags();
        for (int i = 0; i < tags.size(); i++) url.append(i == 0 ? '?' : '&').append("tag=").append(URLEncoder.encode(tags.get(i), StandardCharsets.UTF_8));
        return HTTP.sendAsync(HttpRequest.newBuilder(URI.create(url.toString())).timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> response.statusCode() != 200 ? null : value(response.body(), figure.statistic()))
                .exceptionally(e -> null);
    }

    private static Double value(String body, String statistic) {
        for (JsonNode measurement : JSON.readTree(body).path("measurements")) {
            if (statistic.equals(measurement.path("statistic").asString())) return measurement.path("value").asDouble();
        }
        return null;
    }
}
