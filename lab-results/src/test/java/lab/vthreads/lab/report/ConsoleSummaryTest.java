package lab.vthreads.lab.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The terminal's ratio lines: a level at which a mode measured nothing says so, not "NaN×". */
class ConsoleSummaryTest {

    @Test
    void aRatioWithNoMeasuredSideSaysSo() {
        assertThat(ConsoleSummary.times(Double.NaN)).startsWith("not measured").doesNotContain("NaN");
        assertThat(ConsoleSummary.times(Double.POSITIVE_INFINITY)).startsWith("not measured");
        assertThat(ConsoleSummary.times(4.678)).isEqualTo("4.68×");
    }
}
