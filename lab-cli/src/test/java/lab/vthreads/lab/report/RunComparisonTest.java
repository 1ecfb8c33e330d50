package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** `./lab compare`: which cells it pairs, which it refuses, and when a difference is beyond the two runs' noise. */
class RunComparisonTest {

    @Test
    void aRunAgainstItselfDiffersInNothing() {
        RunComparison c = RunComparison.of(Fixtures.experiment(), Fixtures.experiment());

        assertThat(c.cells()).extracting(RunComparison.CellPair::cell).containsExactly("platform at 200 users", "virtual at 200 users");
        assertThat(c.cells()).allSatisfy(p -> {
            assertThat(p.throughputRatio()).isCloseTo(1, within(1e-12));
            assertThat(p.beyondNoise()).isFalse();
        });
        assertThat(c.changed()).isEmpty();
        assertThat(c.markdown("a", "b")).contains("| virtual at 200 users | 250.0 | 250.0 | 1.00× | not distinguishable (95% interval");
    }

    @Test
    void withRepeatsOnBothSidesTheirIntervalJudges() {
        // A: 100, 105, 95 req/s; B: 120, 126, 114 (each +20%, the repeats' spread ±5%): the interval leaves out parity
        ExperimentResults a = run(runs(100, 105, 95)), b = run(runs(120, 126, 114));
        RunComparison.CellPair pair = RunComparison.of(a, b).cells().getFirst();

        assertThat(pair.throughputRatio()).isCloseTo(1.2, within(1e-9));
        assertThat(pair.beyondNoise()).isTrue();
        // B: 90, 120, 115: a higher median, but repeats that overlap A's
        assertThat(RunComparison.of(a, run(runs(90, 120, 115))).cells().getFirst().beyondNoise()).isFalse();
    }

    @Test
    void withOneRepeatADifferenceMustPassTheAaSpreadAndTwentyPercent() {
        assertThat(RunComparison.of(run(runs(100)), run(runs(110))).cells().getFirst().beyondNoise()).as("10%: one pair cannot tell").isFalse();
        RunComparison.CellPair large = RunComparison.of(run(runs(100)), run(runs(130))).cells().getFirst();
        assertThat(large.beyondNoise()).isTrue();
        assertThat(large.noise()).as("neither run has an A/A copy: no spread to quote").isEqualTo("one repeat on a side and no A/A copy in either run: 20% from parity needed");
    }

    @Test
    void runsOfAnotherPresetOrOtherCellsAreRefusedSayingWhatDiffers() {
        ExperimentResults fixture = Fixtures.experiment();
        ExperimentResults virtualOnly = RunFixtures.experiment(List.of(fixture.cells().get(1)), true);

        assertThatThrownBy(() -> RunComparison.of(fixture, virtualOnly)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the runs' cells differ: only the first has platform at 200 users; only the second has none (same --users, --modes and --variants?)");
        ExperimentResults other = new ExperimentResults(fixture.schemaVersion(), "paper", fixture.description(), fixture.why(), false, fixture.startedAt(),
                fixture.finishedAt(), fixture.environment(), fixture.settings(), fixture.calibrations(), null, null, fixture.cells(), fixture.units(),
                null, null);
        assertThatThrownBy(() -> RunComparison.of(fixture, other)).hasMessageContaining("different presets (fixture, paper)");
    }

    private static RepeatResult[] runs(double... throughputs) {
        RepeatResult[] runs = new RepeatResult[throughputs.length];
        for (int i = 0; i < throughputs.length; i++) runs[i] = RunFixtures.run(i + 1, throughputs[i], 0, false, 0.5);
        return runs;
    }

    private static ExperimentResults run(RepeatResult... repeats) {
        return RunFixtures.experiment(List.of(RunFixtures.cell(ThreadMode.VIRTUAL, 200, false, repeats)), true);
    }
}
