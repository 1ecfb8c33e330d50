package lab.vthreads.lab.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The share of slices an even load (an M/M/1 queue) saturates, against what is known of that queue: a slice of no
 * length is busy as often as the CPU is (the utilisation law), and one much longer than its busy periods almost never.
 */
class EvenLoadTest {

    @Test
    void aSliceMuchShorterThanARequestIsSaturatedAsOftenAsTheCpuIsBusy() {
        assertThat(EvenLoad.saturatedShare(0.30, 0.001, 0.000_01)).isCloseTo(0.30, within(0.02));
        assertThat(EvenLoad.saturatedShare(0.80, 0.001, 0.000_01)).isCloseTo(0.80, within(0.02));
    }

    @Test
    void aSliceMuchLongerThanItsBusyPeriodsIsAlmostNeverSaturated() {
        // At 50% busy, a busy period lasts 2 requests' CPU on average: 0.2 ms against a 50 ms slice.
        assertThat(EvenLoad.saturatedShare(0.50, 0.000_1, 0.05)).isLessThan(0.001);
    }

    @Test
    void theShareGrowsWithTheLoadAndWithEachRequestsCpu() {
        double light = EvenLoad.saturatedShare(0.70, 0.002, 0.05), busier = EvenLoad.saturatedShare(0.85, 0.002, 0.05);
        double longer = EvenLoad.saturatedShare(0.70, 0.004, 0.05);

        assertThat(busier).isGreaterThan(light);
        assertThat(longer).isGreaterThan(light);
        assertThat(EvenLoad.saturatedShare(0.70, 0.002, 0.05)).as("the same arguments, the same share").isEqualTo(light);
    }

    @Test
    void theEndsAndWhatWasNotMeasured() {
        assertThat(EvenLoad.saturatedShare(0, 0.001, 0.05)).isZero();
        assertThat(EvenLoad.saturatedShare(1, 0.001, 0.05)).isEqualTo(1);
        assertThat(EvenLoad.saturatedShare(Double.NaN, 0.001, 0.05)).isNaN();
        assertThat(EvenLoad.saturatedShare(0.5, Double.NaN, 0.05)).isNaN();
    }

    @Test
    void slicesWithinCountsOnlyWholeSlices() {
        assertThat(EvenLoad.slicesWithin(0.01, 0.16, 0.05)).isEqualTo(2);
        assertThat(EvenLoad.slicesWithin(0.05, 0.10, 0.05)).isEqualTo(1);
        assertThat(EvenLoad.slicesWithin(0.06, 0.09, 0.05)).isZero();
    }
}
