package lab.vthreads.lab.process;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * How the lab tells that a service it started is up. The lab's own services say so on Actuator's health; a user's
 * application may have no Actuator, keep it behind security, or answer an unknown path with a 500: all the lab asks of
 * it is a port, and an HTTP answer there is the sign (Spring Boot opens its connector once its context has refreshed).
 */
public sealed interface Readiness {

    /** Whether it is up now; {@link #last()} says what the last look saw. */
    boolean ready() throws InterruptedException;

    /** What it waits for, in words, for the message of a start that failed. */
    String describe();

    /** What the last look saw: a status, or the error of a port that did not answer. */
    String last();

    /** 200 at this URL: Actuator's health on the lab's own services, or the path a user named ({@code --app-health}). */
    static Readiness answers200(String url) {
        return new Answers200(url, new Look());
    }

    /**
     * An application with Actuator: 200 at its health, or, where the health endpoint answers anything but 200 or 503
     * (401 behind security, 404 not exposed, 500 from a handler of its own), any HTTP answer on its own port. A 503
     * is Actuator saying the application is down: not up.
     */
    static Readiness healthOrPort(String healthUrl, String portUrl) {
        return new HealthOrPort(healthUrl, portUrl, new Look(), new Look());
    }

    /** An application without Actuator: any HTTP answer on its own port. */
    static Readiness anyAnswer(String portUrl) {
        return new AnyAnswer(portUrl, new Look());
    }

    record Answers200(String url, Look look) implements Readiness {
        public boolean ready() throws InterruptedException {
            return look.status(url) == 200;
        }

        public String describe() {
            return "GET " + url + " answering 200";
        }

        public String last() {
            return look.last;
        }
    }

    record HealthOrPort(String healthUrl, String portUrl, Look health, Look port) implements Readiness {
        public boolean ready() throws InterruptedException {
            int status = health.status(healthUrl);
            if (status == 200) return true;
            return status > 0 && status != 503 && port.status(portUrl) > 0;
        }

        public String describe() {
            return "GET " + healthUrl + " answering 200 (or, where it answers other than 200 or 503, any answer at " + portUrl + ")";
        }

        public String last() {
            return health.last + (port.last.isEmpty() ? "" : "; " + portUrl + ": " + port.last);
        }
    }

    record AnyAnswer(String portUrl, Look look) implements Readiness {
        public boolean ready() throws InterruptedException {
            return look.status(portUrl) > 0;
        }

        public String describe() {
            return "any HTTP answer at " + portUrl;
        }

        public String last() {
            return look.last;
        }
    }

    /** One GET, remembering what it saw. */
    final class Look {
        private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        private String last = "";

        /** The status, or 0 where nothing answered. */
        int status(String url) throws InterruptedException {
            try {
                HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                last = "HTTP " + status + (status == 503 ? DownComponents.in(response.body()) : "");
                return status;
            } catch (IOException e) {
                last = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
                return 0;
            }
        }
    }

    /**
     * Which of Actuator's health components say the application is down, from a 503's body: most often an indicator of
     * something the lab does not start (an Elasticsearch, a Redis, a mail server), which keeps a real application's
     * health DOWN for good although it serves. Spring Boot names each indicator's switch after the component.
     */
    final class DownComponents {
        private static final tools.jackson.databind.json.JsonMapper JSON = tools.jackson.databind.json.JsonMapper.builder().build();

        private DownComponents() {
        }

        /** ", DOWN in its health: elasticsearch (…)", or "" where the body is not Actuator's health or names none. */
        static String in(String body) {
            java.util.List<String> down = new java.util.ArrayList<>();
            try {
                tools.jackson.databind.JsonNode components = JSON.readTree(body).path("components");
                for (var component : components.properties()) {
                    if (!"UP".equals(component.getValue().path("status").asString(""))) down.add(component.getKey());
                }
            } catch (RuntimeException notJson) {
                return "";
            }
            if (down.isEmpty()) return "";
            return ", DOWN in its health: " + String.join(", ", down) + " (where that is something the lab does not start, turn its indicator off: "
                    + String.join(" ", down.stream().map(name -> "--app-property management.health." + name.toLowerCase(java.util.Locale.ROOT)
                    + ".enabled=false").toList()) + "; or name a path that answers 200 once it is up: --app-health PATH)";
        }
    }
}
