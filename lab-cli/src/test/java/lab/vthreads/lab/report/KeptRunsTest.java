package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.RunIdentity;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static lab.vthreads.lab.report.RunFixtures.cell;
import static lab.vthreads.lab.report.RunFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Which earlier runs a verdict counts as its own repeats, and what it says with them and without them. */
class KeptRunsTest {

    private static final RunIdentity HERE = new RunIdentity("2 cores, a CPU", "abc123");

    @Test
    void onlyEarlierRunsOfTheSamePresetSettingsMachineAndCodeAreCounted(@TempDir Path results) throws Exception {
        ResultsFiles.write(results.resolve("1-same"), experiment("2026-11-26T10:00:00Z", HERE, "default", 100));
        ResultsFiles.write(results.resolve("2-other-code"), experiment("2026-11-26T10:10:00Z", new RunIdentity("2 cores, a CPU", "def456"), "default", 100));
        ResultsFiles.write(results.resolve("3-other-machine"), experiment("2026-11-26T10:20:00Z", new RunIdentity("4 cores", "abc123"), "default", 100));
        ResultsFiles.write(results.resolve("4-other-preset"), experiment("2026-11-26T10:30:00Z", HERE, "pool", 100));
        ResultsFiles.write(results.resolve("5-unknown-code"), experiment("2026-11-26T10:40:00Z", new RunIdentity("2 cores, a CPU", null), "default", 100));
        Files.createDirectories(results.resolve("6-cut-off"));
        Files.writeString(results.resolve("6-cut-off/results.json"), "{\"schemaVersion\": \"5\", \"cells\": [");
        ResultsFiles.write(results.resolve("9-later"), experiment("2026-11-26T12:00:00Z", HERE, "default", 100));
        ExperimentResults now = experiment("2026-11-26T11:00:00Z", HERE, "default", 100);

        List<KeptRuns.Kept> kept = KeptRuns.before(results.resolve("7-now"), now);

        assertThat(kept).extracting(KeptRuns.Kept::folder).containsExactly("1-same");
    }

    @Test
    void aRunOfOneLevelCountsWithTheWholePresetsRunButNotWithOtherDurations(@TempDir Path results) throws Exception {
        ExperimentResults whole = experiment("2026-11-26T10:00:00Z", HERE, "default", 100);
        ResultsFiles.write(results.resolve("1-whole"), withUsers(whole, List.of(20, 200), whole.settings().holdSeconds()));
        ResultsFiles.write(results.resolve("2-longer-hold"), withUsers(experiment("2026-11-26T10:10:00Z", HERE, "default", 100), List.of(200),
                whole.settings().holdSeconds() + 30));
        ExperimentResults oneLevel = withUsers(experiment("2026-11-26T11:00:00Z", HERE, "default", 100), List.of(200), whole.settings().holdSeconds());

        assertThat(KeptRuns.before(results.resolve("3-now"), oneLevel)).extracting(KeptRuns.Kept::folder).containsExactly("1-whole");
    }

    @Test
    void aRunWhoseCodeCannotBeToldCountsNoOther(@TempDir Path results) {
        ResultsFiles.write(results.resolve("1-same"), experiment("2026-11-26T10:00:00Z", new RunIdentity("2 cores, a CPU", null), "default", 100));

        assertThat(KeptRuns.before(results.resolve("2-now"), experiment("2026-11-26T11:00:00Z", new RunIdentity("2 cores, a CPU", null), "default", 100)))
                .isEmpty();
    }

    @Test
    void theSecondRunsVerdictCountsTheFirstAndNamesIt(@TempDir Path results) throws Exception {
        // 4.66× then 4.81×: the second run is judged by both ratios, and its interval covers their difference.
        ResultsFiles.write(results.resolve("20261126-100000-default"), experiment("2026-11-26T10:00:00Z", HERE, "default", 466));
        ExperimentResults second = experiment("2026-11-26T11:00:00Z", HERE, "default", 481);

        Summary summary = ResultsFiles.write(results.resolve("20261126-110000-default"), second);

        Verdict.Level level = summary.verdict().levels().getFirst();
        assertThat(level.betweenRuns().from()).containsExactly("20261126-100000-default");
        assertThat(level.betweenRuns().runs()).isEqualTo(2);
        assertThat(level.betweenRuns().intervalLow()).isCloseTo(3.87, within(0.01));
        assertThat(level.noise()).isEqualTo(Verdict.Noise.BEYOND);
        assertThat(Files.readString(results.resolve("20261126-110000-default/summary.md")))
                .contains("between runs 4.66–4.81× over 2 ratios from 2 runs, 95% interval 3.87–5.79×", "this run and 20261126-100000-default");
    }

    @Test
    void aKeptRunWhoseWindowTheHypervisorStoleFromIsNotCountedBetweenRuns(@TempDir Path results) throws Exception {
        // 3.50× while the hypervisor stole from the virtual cell's window, then 4.66×: the second run is judged by the
        // clean one and its own, as if the stolen one had not run.
        ResultsFiles.write(results.resolve("20261126-090000-default"), withVirtualStolen(experiment("2026-11-26T09:00:00Z", HERE, "default", 350)));
        ResultsFiles.write(results.resolve("20261126-100000-default"), experiment("2026-11-26T10:00:00Z", HERE, "default", 466));

        Verdict.Level level = ResultsFiles.write(results.resolve("20261126-110000-default"), experiment("2026-11-26T11:00:00Z", HERE, "default", 481))
                .verdict().levels().getFirst();

        assertThat(level.betweenRuns().from()).containsExactly("20261126-100000-default");
        assertThat(level.betweenRuns().intervalLow()).isCloseTo(3.87, within(0.01));
        assertThat(level.noise()).isEqualTo(Verdict.Noise.BEYOND);
    }

    @Test
    void withoutHistoryOneRatioNearParityIsThisRunsFindingOnly(@TempDir Path results) {
        // 108 ÷ 100 is outside the copy's ±1% and under the 20% a single run is trusted with.
        ExperimentResults alone = withCopy(experiment("2026-11-26T11:00:00Z", HERE, "default", 108), 101);

        Verdict.Level level = ResultsFiles.write(results.resolve("only"), alone).verdict().levels().getFirst();

        assertThat(level.betweenRuns()).isNull();
        assertThat(level.noise()).isEqualTo(Verdict.Noise.THIS_RUN_ONLY);
        assertThat(level.beyondNoise()).isNull();
        assertThat(level.sentence()).contains("**beyond this run's A/A spread only**: run it again (or --repeat 3) before acting on a difference under 20%");
    }

    /** Platform at 100 req/s, virtual at {@code virtual}, one repeat each. */
    private static ExperimentResults experiment(String startedAt, RunIdentity identity, String preset, double virtual) {
        ExperimentResults base = RunFixtures.experiment(List.of(cell(ThreadMode.PLATFORM, 200, false, run(1, 100, 0.0, true, 0.5)),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, virtual, 0.0, false, 0.5))), false);
        return new ExperimentResults(base.schemaVersion(), preset, base.description(), base.why(), false, startedAt, base.finishedAt(),
                base.environment(), base.settings(), java.util.Map.of(), null, null, base.cells(), base.units(), null, identity);
    }

    /** The same run with other user levels and hold in its settings (its cells stay). */
    private static ExperimentResults withUsers(ExperimentResults base, List<Integer> users, int hold) {
        var settings = base.settings().with(new lab.vthreads.lab.plan.Preset.Overrides(users, null, hold, null, null), lab.vthreads.lab.stack.Factors.NONE);
        return new ExperimentResults(base.schemaVersion(), base.preset(), base.description(), base.why(), false, base.startedAt(), base.finishedAt(),
                base.environment(), settings, java.util.Map.of(), null, null, base.cells(), base.units(), null, base.identity());
    }

    /** The same run with its virtual cell's window flagged: the hypervisor stole more than the threshold from it. */
    private static ExperimentResults withVirtualStolen(ExperimentResults base) {
        List<ExperimentResults.CellResult> cells = base.cells().stream().map(c -> c.mode() != ThreadMode.VIRTUAL ? c
                : new ExperimentResults.CellResult(c.id(), c.variant(), c.mode(), c.implementation(), c.users(), c.factors(), c.repeats().stream()
                        .map(r -> new ExperimentResults.RepeatResult(r.repeat(), r.startedAt(), r.client(), r.server(), r.processes(), r.machine(),
                                r.samples(), r.gatlingReport(), true, r.attempt(), r.window())).toList(), c.failures())).toList();
        return new ExperimentResults(base.schemaVersion(), base.preset(), base.description(), base.why(), false, base.startedAt(), base.finishedAt(),
                base.environment(), base.settings(), java.util.Map.of(), null, null, cells, base.units(), null, base.identity());
    }

    /** The same run with an A/A copy of its platform cell. */
    private static ExperimentResults withCopy(ExperimentResults base, double copy) {
        List<ExperimentResults.CellResult> cells = new java.util.ArrayList<>(base.cells());
        cells.add(cell(ThreadMode.PLATFORM, 200, true, run(1, copy, 0.0, true, 0.5)));
        return new ExperimentResults(base.schemaVersion(), base.preset(), base.description(), base.why(), false, base.startedAt(), base.finishedAt(),
                base.environment(), base.settings(), java.util.Map.of(), null, null, cells, base.units(), null, base.identity());
    }
}
