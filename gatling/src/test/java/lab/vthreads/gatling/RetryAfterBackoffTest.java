package lab.vthreads.gatling;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class RetryAfterBackoffTest {

    final RetryAfterBackoff backoff = new RetryAfterBackoff(Duration.ofSeconds(30), 1.0, 5);

    @Test
    void waitsAtLeastWhatTheServerAskedAndDoublesAfterEachRefusal() {
        // Retry-After 1 s, no jitter drawn (u = 0): 1, 2, 4, 8 s
        assertThat(backoff.next(1, Duration.ofSeconds(1), () -> 0)).contains(Duration.ofSeconds(1));
        assertThat(backoff.next(2, Duration.ofSeconds(1), () -> 0)).contains(Duration.ofSeconds(2));
        assertThat(backoff.next(3, Duration.ofSeconds(1), () -> 0)).contains(Duration.ofSeconds(4));
        assertThat(backoff.next(4, Duration.ofSeconds(1), () -> 0)).contains(Duration.ofSeconds(8));
    }

    @Test
    void spreadsTheRetriesOverUpToTwiceThePauseNeverBelowIt() {
        // u = 0.5 → 1.5 × the pause; u just under 1 → almost 2 ×
        assertThat(backoff.next(2, Duration.ofSeconds(1), () -> 0.5)).contains(Duration.ofMillis(3000));
        assertThat(backoff.next(1, Duration.ofSeconds(1), () -> 0.999)).contains(Duration.ofMillis(1999));
    }

    @Test
    void capsThePauseButNeverGoesBelowRetryAfter() {
        RetryAfterBackoff longRun = new RetryAfterBackoff(Duration.ofSeconds(30), 0, 20);

        // 1 s × 2^9 = 512 s, capped at 30 s; a Retry-After of 60 s is still honoured over the 30 s cap
        assertThat(longRun.next(10, Duration.ofSeconds(1), () -> 0)).contains(Duration.ofSeconds(30));
        assertThat(longRun.next(1, Duration.ofSeconds(60), () -> 0)).contains(Duration.ofSeconds(60));
    }

    @Test
    void givesUpAfterTheLastAttempt() {
        assertThat(backoff.next(5, Duration.ofSeconds(1), () -> 0)).isEmpty();
    }

    @Test
    void readsRetryAfterInSecondsAndTreatsAnythingElseAsOneSecond() {
        assertThat(RetryAfterBackoff.parseRetryAfter("3")).isEqualTo(Duration.ofSeconds(3));
        assertThat(RetryAfterBackoff.parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).isEqualTo(Duration.ofSeconds(1));
        assertThat(RetryAfterBackoff.parseRetryAfter(null)).isEqualTo(Duration.ofSeconds(1));
    }
}
