package lab.vthreads.gatling;

import java.time.Duration;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * How a well-behaved client retries a 503 that says {@code Retry-After}: never before the server asked, a little
 * longer after each refusal (exponential back-off), and at a random point past that (jitter), so refused clients do
 * not come back all at once and refuse each other again. Real HTTP clients and SDKs do this; a load generator whose
 * users retry at once turns a server's backpressure into a flood of refusals.
 *
 * @param cap          no pause longer than this
 * @param jitter       the pause is d × (1 + u × jitter), u uniform in [0, 1): 1.0 spreads retries over [d, 2d)
 * @param maxAttempts  give up after this many attempts (the first one included)
 */
public record RetryAfterBackoff(Duration cap, double jitter, int maxAttempts) {

    public static final RetryAfterBackoff DEFAULT = new RetryAfterBackoff(Duration.ofSeconds(30), 1.0, 12);

    public RetryAfterBackoff {
        if (cap.isNegative() || cap.isZero() || jitter < 0 || maxAttempts < 1) {
            throw new IllegalArgumentException("cap > 0, jitter >= 0 and maxAttempts >= 1");
        }
    }

    /**
     * @param attemptsSoFar attempts already made, the refused one included (1 after the first refusal)
     * @param retryAfter    the server's Retry-After
     * @param random        uniform in [0, 1)
     * @return the pause before the next attempt, or empty when the client gives up
     */
    public Optional<Duration> next(int attemptsSoFar, Duration retryAfter, DoubleSupplier random) {
        if (attemptsSoFar >= maxAttempts) return Optional.empty();
        double doubled = retryAfter.toMillis() * Math.pow(2, attemptsSoFar - 1);
        double base = Math.max(retryAfter.toMillis(), Math.min(cap.toMillis(), doubled));
        return Optional.of(Duration.ofMillis(Math.round(base * (1 + random.getAsDouble() * jitter))));
    }

    /** Retry-After in seconds ({@code "1"}); a date or anything unreadable counts as one second. */
    public static Duration parseRetryAfter(String header) {
        if (header != null) {
            try {
                return Duration.ofSeconds(Math.max(0, Long.parseLong(header.trim())));
            } catch (NumberFormatException e) {
                // an HTTP date: the lab's services never send one
            }
        }
        return Duration.ofSeconds(1);
    }
}
