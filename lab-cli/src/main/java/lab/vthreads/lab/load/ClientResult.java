package lab.vthreads.lab.load;

import java.util.Map;

/**
 * What the load generator saw in one run: throughput in the hold window, latency percentiles, outcomes, and the
 * nothing-lost check (201s against the database's growth).
 */
public record ClientResult(long requests, long ok, long ko, double throughput, Latency latency, Map<String, Long> koReasons,
                           long created201, long databaseDelta, boolean consistent, int gatlingExitCode) {

    /** Gatling's response times, in ms. */
    public record Latency(double mean, double p50, double p95, double p99, double max) {
    }
}
