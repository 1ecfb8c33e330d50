package lab.vthreads.lab.metrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/** One scrape of a service's /actuator/prometheus, in the Prometheus text format, parsed. */
public final class PrometheusScrape {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private final List<Series> series;

    private PrometheusScrape(List<Series> series) {
        this.series = series;
    }

    public record Series(String name, Map<String, String> labels, double value) {
    }

    static PrometheusScrape of(List<Series> series) {
        return new PrometheusScrape(List.copyOf(series));
    }

    /** Scrapes {@code baseUrl}/actuator/prometheus; an unreachable service gives an empty scrape, not an error. */
    public static PrometheusScrape of(String managementBaseUrl) {
        return of(managementBaseUrl, List.of());
    }

    /**
     * Scrapes only these metric families ({@code includedNames}): a scrape costs the service its formatting and the
     * lab its parsing, once a second, on the machine being measured.
     */
    public static PrometheusScrape of(String managementBaseUrl, List<String> families) {
        ActuatorLinks links = ActuatorLinks.of(managementBaseUrl);
        // Actuator without a Prometheus registry (a user's application): its metrics endpoint has the same figures.
        if (!links.has(ActuatorLinks.PROMETHEUS)) {
            return links.has(ActuatorLinks.METRICS) && !families.isEmpty() ? ActuatorMetrics.read(managementBaseUrl, families) : new PrometheusScrape(List.of());
        }
        String query = families.isEmpty() ? "" : "?" + String.join("&", families.stream().map(f -> "includedNames=" + f).toList());
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(managementBaseUrl + "/actuator/prometheus" + query))
                    .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200) return parse(response.body());
            ActuatorLinks.forget(managementBaseUrl);
            return new PrometheusScrape(List.of());
        } catch (IOException e) {
            ActuatorLinks.forget(managementBaseUrl);
            return new PrometheusScrape(List.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new PrometheusScrape(List.of());
        }
    }

    public static PrometheusScrape parse(String text) {
        List<Series> series = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            int brace = line.indexOf('{');
            int space = line.lastIndexOf(' ');
            if (space < 0) continue;
            String name;
            Map<String, String> labels = new LinkedHashMap<>();
            if (brace >= 0 && brace < space) {
                name = line.substring(0, brace);
                parseLabels(line.substring(brace + 1, line.lastIndexOf('}')), labels);
            } else {
                name = line.substring(0, space).trim();
            }
            try {
                series.add(new Series(name, labels, Double.parseDouble(line.substring(space + 1).trim())));
            } catch (NumberFormatException e) {
                // a value such as NaN written oddly: skip the line
            }
        }
        return new PrometheusScrape(series);
    }

    private static void parseLabels(String text, Map<String, String> labels) {
        int i = 0;
        while (i < text.length()) {
            int eq = text.indexOf('=', i);
            if (eq < 0) break;
            String key = text.substring(i, eq).trim().replace(",", "");
            int start = text.indexOf('"', eq) + 1;
            StringBuilder value = new StringBuilder();
            int j = start;
            while (j < text.length() && text.charAt(j) != '"') {
                if (text.charAt(j) == '\\' && j + 1 < text.length()) j++;
                value.append(text.charAt(j++));
            }
            labels.put(key, value.toString());
            i = j + 1;
        }
    }

    public boolean isEmpty() {
        return series.isEmpty();
    }

    /** The sum of every series of that name whose labels pass the filter; NaN when there is none. */
    public double sum(String name, Predicate<Map<String, String>> labels) {
        double total = 0;
        boolean found = false;
        for (Series s : series) {
            if (s.name().equals(name) && labels.test(s.labels())) {
                total += s.value();
                found = true;
            }
        }
        return found ? total : Double.NaN;
    }

    public double sum(String name) {
        return sum(name, l -> true);
    }

    /** The sum of the first of these families the scrape holds: one figure that services publish under different names. */
    public double sumOfFirst(String... names) {
        for (String name : names) {
            double sum = sum(name);
            if (!Double.isNaN(sum)) return sum;
        }
        return Double.NaN;
    }

    /** Cumulative bucket counts by upper bound (the "le" label), summed over the matching series. */
    public TreeMap<Double, Double> buckets(String histogram, Predicate<Map<String, String>> labels) {
        TreeMap<Double, Double> buckets = new TreeMap<>();
        for (Series s : series) {
            if (s.name().equals(histogram + "_bucket") && labels.test(s.labels())) {
                String le = s.labels().get("le");
                double bound = "+Inf".equals(le) ? Double.POSITIVE_INFINITY : Double.parseDouble(le);
                buckets.merge(bound, s.value(), Double::sum);
            }
        }
        return buckets;
    }
}
