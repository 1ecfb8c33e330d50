package lab.vthreads.gatling;

import java.time.Duration;

/**
 * Every simulation's knobs, read from system properties ({@code -Dusers=200} on the Maven command line or the lab's
 * JVM) with defaults that work against {@code ./lab up} and compose on their default ports.
 *
 * @param workload {@code closed}: a fixed number of concurrent users, each sending its next request as soon as the
 *                 last one is answered (what k6 VUs and JMeter threads are); {@code open}: new requests arrive at
 *                 {@code rate} per second whatever the response times
 */
public record LoadParameters(String baseUrl, int users, int rampUpSeconds, int holdSeconds, int rampDownSeconds,
                             String workload, double rate, double maxKoPercent, Integer p99Ms, String resultsFile) {

    public static LoadParameters fromSystemProperties(int users, int rampUpSeconds, int holdSeconds, int rampDownSeconds,
                                                      double maxKoPercent) {
        String workload = System.getProperty("workload", "closed");
        if (!workload.equals("closed") && !workload.equals("open")) {
            throw new IllegalArgumentException("-Dworkload must be closed or open, not " + workload);
        }
        String p99 = System.getProperty("maxP99Ms");
        return new LoadParameters(
                System.getProperty("baseUrl", "http://127.0.0.1:8080"),
                Integer.getInteger("users", users),
                Integer.getInteger("rampUp", rampUpSeconds),
                Integer.getInteger("hold", holdSeconds),
                Integer.getInteger("rampDown", rampDownSeconds),
                workload,
                Double.parseDouble(System.getProperty("rate", "100")),
                Double.parseDouble(System.getProperty("maxKoPercent", Double.toString(maxKoPercent))),
                p99 == null || p99.isBlank() ? null : Integer.valueOf(p99),
                System.getProperty("resultsFile"));
    }

    public boolean closed() {
        return workload.equals("closed");
    }

    public Duration rampUp() {
        return Duration.ofSeconds(rampUpSeconds);
    }

    public Duration hold() {
        return Duration.ofSeconds(holdSeconds);
    }

    public Duration rampDown() {
        return Duration.ofSeconds(rampDownSeconds);
    }
}
