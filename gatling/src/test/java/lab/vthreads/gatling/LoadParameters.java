package lab.vthreads.gatling;

import java.time.Duration;

/**
 * Every simulation's knobs, read from system properties ({@code -Dusers=200} on the Maven command line or the lab's
 * JVM) with defaults that work against {@code ./lab up} and compose on their default ports.
 *
 * @param workload {@code closed}: a fixed number of concurrent users, each sending its next request as soon as the
 *                 last one is answered (what k6 VUs and JMeter threads are); {@code open}: new requests arrive at
 *                 {@code rate} per second whatever the response times
 * @param warmupSeconds load at full level before the measured hold, in the same run: the services and this JVM warm up
 *                 in it (its JIT compiles the load generator's own hot path too), and nothing in it is measured
 * @param client   {@code impatient}: a refused request is a failed one, and the user's replacement sends at once (how
 *                 load generators behave by default); {@code patient}: a 503 with Retry-After is retried after it,
 *                 with back-off and jitter ({@link RetryAfterBackoff}), as real clients do
 * @param users    this load generator's users: its shard's part of {@code -Dusers} (all of them unless split)
 * @param rate     likewise, its part of {@code -Drate}
 * @param liveFile where the answers so far are published as the run goes on ({@code -DliveFile}, {@link LiveCounts}); null: nowhere
 */
public record LoadParameters(String baseUrl, int users, int rampUpSeconds, int warmupSeconds, int holdSeconds, int rampDownSeconds,
                             String workload, double rate, double maxKoPercent, Integer p99Ms, String resultsFile, String client,
                             Shard shard, String liveFile) {

    public static LoadParameters fromSystemProperties(int users, int rampUpSeconds, int holdSeconds, int rampDownSeconds,
                                                      double maxKoPercent) {
        String workload = System.getProperty("workload", "closed");
        if (!workload.equals("closed") && !workload.equals("open")) {
            throw new IllegalArgumentException("-Dworkload must be closed or open, not " + workload);
        }
        String p99 = System.getProperty("maxP99Ms");
        String client = System.getProperty("client", "impatient");
        if (!client.equals("impatient") && !client.equals("patient")) {
            throw new IllegalArgumentException("-Dclient must be impatient or patient, not " + client);
        }
        Shard shard = Shard.fromSystemProperties();
        return new LoadParameters(
                System.getProperty("baseUrl", "http://127.0.0.1:8080"),
                shard.users(Integer.getInteger("users", users)),
                Integer.getInteger("rampUp", rampUpSeconds),
                Integer.getInteger("warmup", 0),
                Integer.getInteger("hold", holdSeconds),
                Integer.getInteger("rampDown", rampDownSeconds),
                workload,
                shard.rate(Double.parseDouble(System.getProperty("rate", "100"))),
                Double.parseDouble(System.getProperty("maxKoPercent", Double.toString(maxKoPercent))),
                p99 == null || p99.isBlank() ? null : Integer.valueOf(p99),
                System.getProperty("resultsFile"),
                client,
                shard,
                System.getProperty("liveFile"));
    }

    public boolean patient() {
        return client.equals("patient");
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

    /** The full level, warm-up and measured hold together. */
    public Duration fullLevel() {
        return Duration.ofSeconds(warmupSeconds + holdSeconds);
    }

    /** Where the measured window starts, in seconds from the first user. */
    public int measuredFrom() {
        return rampUpSeconds + warmupSeconds;
    }

    public Duration rampDown() {
        return Duration.ofSeconds(rampDownSeconds);
    }
}
