package lab.vthreads.lab.metrics;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which of Actuator's metric endpoints a management base URL has, read from its own links ({@code GET /actuator}
 * lists every endpoint it exposes), not guessed from one status code: an application whose global exception handler
 * turns an unknown path into a 500 has no Prometheus endpoint all the same. Where the links are not published
 * (discovery off), each endpoint is asked for once. Kept per URL for {@link #KEPT}, and forgotten sooner when a read
 * of a listed endpoint fails: the same loopback port may be another service's a minute later (a restart, the next test).
 *
 * @param base      the management base URL
 * @param endpoints the metric endpoints it has: {@code prometheus}, {@code metrics}, both or none
 * @param asked     what was asked and what answered, for the run's note on its signals ("GET …/actuator: 500")
 */
public record ActuatorLinks(String base, Set<String> endpoints, String asked) {

    public static final String PROMETHEUS = "prometheus";
    public static final String METRICS = "metrics";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration KEPT = Duration.ofSeconds(30);
    private record Found(ActuatorLinks links, long atNanos) {
    }
    private static final Map<String, Found> FOUND = new ConcurrentHashMap<>();

    public ActuatorLinks {
        endpoints = Set.copyOf(endpoints);
    }

    /** What {@code base} has, found on the first call that got an answer; an unreachable URL is asked again next time. */
    public static ActuatorLinks of(String base) {
        Found known = FOUND.get(base);
        if (known != null && System.nanoTime() - known.atNanos() < KEPT.toNanos()) return known.links();
        ActuatorLinks found = find(base);
        if (found != null) FOUND.put(base, new Found(found, System.nanoTime()));
        return found != null ? found : new ActuatorLinks(base, Set.of(), "GET " + base + "/actuator: no answer");
    }

    /** A listed endpoint did not answer 200: found again on the next call. */
    static void forget(String base) {
        FOUND.remove(base);
    }

    public boolean has(String endpoint) {
        return endpoints.contains(endpoint);
    }

    /** Null while nothing answers at all (a service still starting): nothing is known yet. */
    private static ActuatorLinks find(String base) {
        Answer root = get(base + "/actuator");
        if (root == null) return null;
        if (root.status() == 200) {
            Set<String> endpoints = new LinkedHashSet<>();
            try {
                JsonNode links = JSON.readTree(root.body()).path("_links");
                for (String endpoint : new String[] {PROMETHEUS, METRICS}) if (links.has(endpoint)) endpoints.add(endpoint);
                return new ActuatorLinks(base, endpoints, "GET " + base + "/actuator: 200, metric endpoints " + (endpoints.isEmpty() ? "none" : endpoints));
            } catch (RuntimeException notActuator) {
                // A 200 that is not Actuator's links (an application's own page at that path): ask each endpoint instead.
            }
        }
        Set<String> endpoints = new LinkedHashSet<>();
        StringBuilder asked = new StringBuilder("GET " + base + "/actuator: " + root.status());
        for (String endpoint : new String[] {PROMETHEUS, METRICS}) {
            Answer answer = get(base + "/actuator/" + endpoint);
            asked.append("; /actuator/").append(endpoint).append(": ").append(answer == null ? "no answer" : answer.status());
            if (answer != null && answer.status() == 200) endpoints.add(endpoint);
        }
        return new ActuatorLinks(base, endpoints, asked.toString());
    }

    private record Answer(int status, String body) {
    }

    private static Answer get(String url) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
