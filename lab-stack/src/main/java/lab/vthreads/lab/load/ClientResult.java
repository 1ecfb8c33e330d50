package lab.vthreads.lab.load;

import java.util.Map;

/**
 * What the load generator saw in one run: throughput in the hold window, latency percentiles, outcomes, and the
 * nothing-lost check (201s against the database's growth).
 *
 * @param throughput  successful requests per second in the hold window
 * @param requestRate every request answered per second in the hold window, failed ones too: the work the load
 *                    generator did (null in files written before it was recorded)
 * @param deferred    503s with Retry-After that a patient user sent again: neither a success nor a failure
 * @param abandoned   patient users still waiting to retry when the run ended
 * @param operationLatency from a user's first attempt to its final success, retries and pauses included (for an
 *                    impatient user, the same as {@code latency})
 * @param holdFromEpochMs the hold window, as wall-clock times: where throughput, latency and every per-process figure
 *                    of the run are taken (null in files written before it was recorded)
 * @param holdTrend   the hold window's second half's throughput ÷ its first half's, − 1: near 0 when the window was
 *                    steady; beyond ±5% the system was still changing (a JIT still compiling, a queue still filling),
 *                    and what the window measured depends on where it was cut (null: window under 4 s, or not recorded)
 * @param holdTrendNoise the standard error of {@code holdTrend} from the window's per-second successes: how far the
 *                    halves differ by chance alone (null: not recorded)
 * @param loadGeneratorCompileShare how long the load generator's own JIT compiled in the hold window, as a share of it
 *                    (several load generators: their sum); every run's Gatling JVM is fresh and still compiling then, on
 *                    the load side's CPUs beside the CEP mock (null: not recorded)
 */
public record ClientResult(long requests, long ok, long ko, double throughput, Latency latency, Map<String, Long> koReasons,
                           long created201, long databaseDelta, boolean consistent, int gatlingExitCode, Double requestRate,
                           Long deferred, Long abandoned, Latency operationLatency, Long holdFromEpochMs, Long holdToEpochMs,
                           Double holdTrend, Double holdTrendNoise, Double loadGeneratorCompileShare) {

    /** Beyond this |holdTrend| a window may not be steady (issue 14's criterion: halves within 5%). */
    public static final double STEADY = 0.05;

    /**
     * How many standard errors of {@code holdTrend} its size must also pass to call a window unsteady. At 45-56 req/s
     * a 10 s half holds about 500 requests, and the halves of the default preset's warm, thread-bound platform cells
     * differed by -7% with per-second counts whose noise alone gave a 3.6-5% standard error: a plain 5% rule called
     * a third of such windows "still changing" by chance.
     */
    public static final double NOISE_MULTIPLE = 2;

    public ClientResult(long requests, long ok, long ko, double throughput, Latency latency, Map<String, Long> koReasons,
                        long created201, long databaseDelta, boolean consistent, int gatlingExitCode, Double requestRate,
                        Long deferred, Long abandoned, Latency operationLatency, Long holdFromEpochMs, Long holdToEpochMs, Double holdTrend,
                        Double holdTrendNoise) {
        this(requests, ok, ko, throughput, latency, koReasons, created201, databaseDelta, consistent, gatlingExitCode, requestRate, deferred, abandoned,
                operationLatency, holdFromEpochMs, holdToEpochMs, holdTrend, holdTrendNoise, null);
    }

    public ClientResult(long requests, long ok, long ko, double throughput, Latency latency, Map<String, Long> koReasons,
                        long created201, long databaseDelta, boolean consistent, int gatlingExitCode, Double requestRate,
                        Long deferred, Long abandoned, Latency operationLatency, Long holdFromEpochMs, Long holdToEpochMs, Double holdTrend) {
        this(requests, ok, ko, throughput, latency, koReasons, created201, databaseDelta, consistent, gatlingExitCode, requestRate, deferred, abandoned,
                operationLatency, holdFromEpochMs, holdToEpochMs, holdTrend, null);
    }

    /** A run without retries: every request is an operation of its own. */
    public ClientResult(long requests, long ok, long ko, double throughput, Latency latency, Map<String, Long> koReasons, long created201,
                        long databaseDelta, boolean consistent, int gatlingExitCode, Double requestRate) {
        this(requests, ok, ko, throughput, latency, koReasons, created201, databaseDelta, consistent, gatlingExitCode, requestRate, 0L, 0L, latency,
                null, null, null);
    }

    /**
     * Whether the hold window was steady (null: not known): its halves within {@link #STEADY} of each other, or within
     * what chance alone explains ({@link #NOISE_MULTIPLE} standard errors, where the noise was recorded).
     */
    public Boolean steady() {
        return steady(holdTrend, holdTrendNoise);
    }

    public static Boolean steady(Double trend, Double noise) {
        if (trend == null) return null;
        return Math.abs(trend) <= STEADY || noise != null && Math.abs(trend) <= NOISE_MULTIPLE * noise;
    }

    /** Failed operations ÷ operations that ended (a deferred attempt is not one; an abandoned user is neither). */
    public double errorRate() {
        return ok + ko == 0 ? 0 : (double) ko / (ok + ko);
    }

    /** Gatling's response times, in ms. */
    public record Latency(double mean, double p50, double p95, double p99, double max) {
    }
}
