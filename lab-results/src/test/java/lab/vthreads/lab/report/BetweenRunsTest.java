package lab.vthreads.lab.report;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The interval between runs against worked cases, and the rule that turns a ratio into a verdict. */
class BetweenRunsTest {

    @Test
    void threeRatiosOneLogUnitApartGiveStudentsIntervalWithTwoDegreesOfFreedom() {
        // ln r = −1, 0, 1: mean 0, standard deviation 1, t(0.975; 2) = 4.3027, so exp(±4.3027 ÷ √3).
        BetweenRuns b = BetweenRuns.of(List.of(Math.exp(-1), 1.0, Math.exp(1)), 3, List.of("a", "b"));

        assertThat(Math.log(b.intervalHigh())).isCloseTo(4.302653 / Math.sqrt(3), within(1e-5));
        assertThat(Math.log(b.intervalLow())).isCloseTo(-4.302653 / Math.sqrt(3), within(1e-5));
        assertThat(b.lowest()).isCloseTo(Math.exp(-1), within(1e-12));
        assertThat(b.highest()).isCloseTo(Math.exp(1), within(1e-12));
        assertThat(b.samples()).isEqualTo(3);
        assertThat(b.excludesParity()).isFalse();
    }

    @Test
    void twoRunsOfTheDefaultGiveAnIntervalThatCoversTheirDifferenceAndLeavesOutParity() {
        // t(0.975; 1) = 12.706; s = |ln(4.81 ÷ 4.66)| ÷ √2; half-width 12.706 · s ÷ √2 = 0.2014 in logarithms.
        BetweenRuns b = BetweenRuns.of(List.of(4.66, 4.81), 2, List.of("20261126-120000-default"));

        assertThat(b.intervalLow()).isCloseTo(3.87, within(0.01));
        assertThat(b.intervalHigh()).isCloseTo(5.79, within(0.01));
        assertThat(b.halfWidth()).isGreaterThan(4.81 / 4.66 - 1);
        assertThat(b.excludesParity()).isTrue();
        assertThat(b.text()).isEqualTo("between runs 4.66–4.81× over 2 ratios from 2 runs, 95% interval 3.87–5.79×");
    }

    @Test
    void twoRatiosEitherSideOfOnePercentOffParityDoNotTellTheModesApart() {
        assertThat(BetweenRuns.of(List.of(0.98, 0.99), 2, List.of()).excludesParity()).isFalse();
    }

    @Test
    void oneRatioHasNoSpread() {
        assertThat(BetweenRuns.of(List.of(1.5), 1, List.of())).isNull();
    }

    @Test
    void theRuleJudgesByTheRunsWhereItHasThemElseByTheAaSpreadAndTheMarginForOneRun() {
        AaControl.Spread aa = new AaControl.Spread(null, 120, lab.vthreads.lab.stack.ThreadMode.VIRTUAL, 0.02, 0.05, 1, List.of());
        BetweenRuns apart = BetweenRuns.of(List.of(1.10, 1.11, 1.12), 1, List.of());
        BetweenRuns acrossOne = BetweenRuns.of(List.of(0.97, 1.04), 2, List.of("earlier"));

        assertThat(Verdict.judge(1.11, aa, apart)).isEqualTo(Verdict.Noise.BEYOND);
        assertThat(Verdict.judge(1.01, aa, apart)).as("inside the A/A spread however the runs agree").isEqualTo(Verdict.Noise.WITHIN);
        assertThat(Verdict.judge(1.05, aa, acrossOne)).isEqualTo(Verdict.Noise.WITHIN);
        // one ratio: outside ±2% but under the 20% margin is this run's finding only; beyond the margin it stands
        assertThat(Verdict.judge(1.10, aa, null)).isEqualTo(Verdict.Noise.THIS_RUN_ONLY);
        assertThat(Verdict.judge(0.75, aa, null)).isEqualTo(Verdict.Noise.BEYOND);
        assertThat(Verdict.judge(1.01, aa, null)).isEqualTo(Verdict.Noise.WITHIN);
        assertThat(Verdict.judge(1.50, null, null)).isEqualTo(Verdict.Noise.NO_FLOOR);
    }

    @Test
    void theRuleIsWrittenOnceInTheDocsAsTheReportSaysIt() throws Exception {
        assertThat(Files.readString(Path.of("../docs/how-it-measures.md"))).contains(BetweenRuns.RULE);
    }
}
