package lab.vthreads.gatling;

import lab.vthreads.infra.load.LoadProperty;
import lab.vthreads.infra.load.LoadProperty.Client;
import lab.vthreads.infra.load.LoadProperty.Workload;

import java.time.Duration;

/**
 * Every simulation's knobs, read from the system properties {@link LoadProperty} names ({@code -Dusers=200} on the
 * Maven command line, or set by the lab) with defaults that work against {@code ./lab up} and compose on their default ports.
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
                             Workload workload, double rate, double maxKoPercent, Integer p99Ms, String resultsFile, Client client,
                             Shard shard, String liveFile) {

    public static LoadParameters fromSystemProperties(int users, int rampUpSeconds, int holdSeconds, int rampDownSeconds,
                                                      double maxKoPercent) {
        Workload workload = Workload.of(LoadProperty.WORKLOAD.value(Workload.CLOSED.text()));
        String p99 = LoadProperty.MAX_P99_MS.value(null);
        Client client = Client.of(LoadProperty.CLIENT.value(Client.IMPATIENT.text()));
        Shard shard = Shard.fromSystemProperties();
        return new LoadParameters(
                LoadProperty.BASE_URL.value("http://127.0.0.1:8080"),
                shard.users(LoadProperty.USERS.intValue(users)),
                LoadProperty.RAMP_UP.intValue(rampUpSeconds),
                LoadProperty.WARMUP.intValue(0),
                LoadProperty.HOLD.intValue(holdSeconds),
                LoadProperty.RAMP_DOWN.intValue(rampDownSeconds),
                workload,
                shard.rate(Double.parseDouble(LoadProperty.RATE.value("100"))),
                Double.parseDouble(LoadProperty.MAX_KO_PERCENT.value(Double.toString(maxKoPercent))),
                p99 == null || p99.isBlank() ? null : Integer.valueOf(p99),
                LoadProperty.RESULTS_FILE.value(null),
                client,
                shard,
                LoadProperty.LIVE_FILE.value(null));
    }

    public boolean patient() {
        return client == Client.PATIENT;
    }

    public boolean closed() {
        return workload == Workload.CLOSED;
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
