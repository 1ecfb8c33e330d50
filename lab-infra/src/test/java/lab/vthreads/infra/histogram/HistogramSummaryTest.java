package lab.vthreads.infra.histogram;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HistogramSummaryTest {

    @Test
    void givesTheCountAndTheHistogramsOwnPercentiles() {
        Histogram h = new Histogram(3);
        for (int ms = 1; ms <= 100; ms++) h.recordValue(ms);
        assertThat(HistogramSummary.of(h)).containsExactly(
                java.util.Map.entry("count", 100L), java.util.Map.entry("mean", h.getMean()), java.util.Map.entry("p50", 50L),
                java.util.Map.entry("p95", 95L), java.util.Map.entry("p99", 99L), java.util.Map.entry("max", 100L));
    }

    @Test
    void anEmptyHistogramHasOnlyItsCount() {
        assertThat(HistogramSummary.of(new Histogram(3))).containsExactly(java.util.Map.entry("count", 0L));
    }
}
