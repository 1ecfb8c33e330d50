package lab.vthreads.pessoa.registration;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class RetryAfterEstimateTest {

    private final AtomicLong now = new AtomicLong();
    private final RetryAfterEstimate estimate = new RetryAfterEstimate(now::get);

    @Test
    void startsAtOneSecond() {
        assertThat(estimate.refused()).isEqualTo(1);
    }

    @Test
    void fiveArrivalsPerAdmissionDoubleItEverySecondUntilTheyMatchWhatIsAdmitted() {
        assertThat(after(20, 99)).isEqualTo(2);
        assertThat(after(20, 99)).isEqualTo(4);
        assertThat(after(20, 99)).isEqualTo(8);
        // 24 arrivals for 20 admissions: the 20% the estimate aims at, so it holds.
        assertThat(after(20, 3)).isEqualTo(8);
        assertThat(after(20, 3)).isEqualTo(8);
    }

    @Test
    void fewerArrivalsLowerItToNoLessThanOneSecond() {
        after(20, 99);
        after(20, 99);
        assertThat(after(20, 99)).isEqualTo(8);
        // 21 arrivals for 20 admissions: 21 / 24 of the last value each second.
        assertThat(after(20, 0)).isEqualTo(7);
        for (int i = 0; i < 30; i++) after(20, 0);
        assertThat(after(20, 0)).isEqualTo(1);
    }

    @Test
    void withoutAdmissionsItDoublesUpToAMinute() {
        for (int i = 0; i < 10; i++) after(0, 9);
        assertThat(after(0, 9)).isEqualTo(60);
    }

    @Test
    void refusalsWithinTheSameSecondShareOneValue() {
        assertThat(after(20, 99)).isEqualTo(2);
        for (int i = 0; i < 50; i++) estimate.admitted();
        assertThat(estimate.refused()).isEqualTo(2);
    }

    /**
     * One second of {@code admitted} admissions and {@code refused} refusals, then the Retry-After of a refusal at its
     * end (one more in the second's count), which is when the estimate looks at the second.
     */
    private long after(int admitted, int refused) {
        for (int i = 0; i < admitted; i++) estimate.admitted();
        for (int i = 0; i < refused; i++) estimate.refused();
        now.addAndGet(1_000_000_000L);
        return estimate.refused();
    }
}
