package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The verdict on a hand-made experiment: the fixture's calibration predicts, at 200 users, platform at its 25 Tomcat
 * threads (25 ÷ 0.51 s = 49.0 req/s) and virtual at its users (200 ÷ 0.51 s = 392.2 req/s), a ratio of 8.0; at 20
 * users both at 20 ÷ 0.51 s = 39.2 req/s, a ratio of 1.
 */
class VerdictTest {

    @Test
    void eachLevelGetsItsRatioWithRangeTheModelsRatioItsNoiseFloorSteadinessAndBounds() {
        ExperimentResults results = experiment(List.of(
                cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true), run(2, 48, -0.02, true)),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, 400, 0.01, false), run(2, 380, 0.02, false)),
                cell(ThreadMode.VIRTUAL, 200, true, run(1, 392, 0.00, false), run(2, 385, 0.03, false)),
                cell(ThreadMode.PLATFORM, 20, false, run(1, 39, 0.0, false), run(2, 40, 0.0, false)),
                cell(ThreadMode.VIRTUAL, 20, false, run(1, 40, 0.0, false), run(2, 39, 0.0, false))), true);

        Verdict verdict = Summary.of(results).verdict();

        Verdict.Level top = level(verdict, 200);
        // medians 390 ÷ 49; paired repeats 400/50 = 8.0 and 380/48 = 7.92
        assertThat(top.throughputRatio().median()).isCloseTo(390 / 49.0, within(1e-9));
        assertThat(top.throughputRatio().min()).isCloseTo(380 / 48.0, within(1e-9));
        assertThat(top.throughputRatio().max()).isCloseTo(8.0, within(1e-9));
        // the model's ratio is the queueing solutions' (the bounds' would be 8.0: 200 users against 25 threads)
        Summary.ModelRow platformRow = Summary.of(results).model().getFirst(), virtualRow = Summary.of(results).model().get(1);
        assertThat(top.predictedRatio()).isCloseTo(virtualRow.predicted() / platformRow.predicted(), within(1e-9)).isLessThan(8.0).isGreaterThan(7.0);
        assertThat(top.matchesModel()).isTrue();
        // the copy: |392/400 − 1| = 2%, |385/380 − 1| = 1.3%
        assertThat(top.aaSpread()).isCloseTo(0.02, within(1e-9));
        assertThat(top.aaUsers()).isEqualTo(200);
        assertThat(top.steady()).isTrue();
        assertThat(top.platformBound()).isEqualTo("Tomcat threads");
        assertThat(top.virtualBound()).isEqualTo("users (closed workload)");
        assertThat(top.beyondNoise()).isTrue();
        assertThat(top.sentence()).contains("200 users: virtual ÷ platform 7.96×", "(7.92–8.00 over 2 repeats)", "model 7.65×", "A/A spread ±2.0%",
                "every window steady", "platform held by Tomcat threads", "**beyond the noise**");

        // 20 users has no copy of its own: another level's spread is shown, but does not judge this one (fewer requests, more
        // noise); its two repeats, 40/39 and 39/40, are two runs on fresh JVMs whose interval holds parity.
        Verdict.Level bottom = level(verdict, 20);
        assertThat(bottom.aaSpread()).isCloseTo(0.02, within(1e-9));
        assertThat(bottom.aaUsers()).isEqualTo(200);
        assertThat(bottom.noise()).isEqualTo(Verdict.Noise.WITHIN);
        assertThat(bottom.betweenRuns().excludesParity()).isFalse();
        assertThat(bottom.sentence()).contains("no A/A copy at this level (±2.0% at 200 users)", "between its 2 repeats, 95% interval 0.72–1.38×",
                "**not distinguishable** between runs");
        assertThat(verdict.unsettled()).isEmpty();
    }

    @Test
    void anUnsteadyWindowAndAPrewarmThatNeverSettledAreNamedInTheVerdict() {
        ExperimentResults results = experiment(List.of(
                cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true)),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, 150, 0.36, false)
                        .withPrewarm(new ExperimentResults.Prewarmed(150, false, Map.of("pessoa-service", 0.87), 200, 120.0, 0.2)))), true);

        Verdict verdict = Summary.of(results).verdict();

        Verdict.Level top = level(verdict, 200);
        assertThat(top.steady()).isFalse();
        assertThat(top.matchesModel()).isFalse();
        assertThat(top.beyondNoise()).isNull();
        assertThat(verdict.unsettled()).containsExactly("virtual-200u r1");
        assertThat(verdict.lines()).anySatisfy(l -> assertThat(l).contains("**not every window steady**", "no A/A control", "(more than 15% off)"))
                .anySatisfy(l -> assertThat(l).startsWith("**Not settled**").contains("virtual-200u r1"));
    }

    /** A pair whose first stage settled and whose second, with the CEP latency, reached its short cap is named too, with its stage. */
    @Test
    void aSecondPrewarmStageAtItsCapIsNamedWithItsStage() {
        ExperimentResults.Prewarmed firstSettledThenCapped = new ExperimentResults.Prewarmed(81, true, Map.of("pessoa-service", 0.02), 200, 650.0, 0.01)
                .followedBy(new ExperimentResults.Prewarmed(45, false, Map.of("pessoa-service", 0.01), 200, 270.0, -0.01));
        ExperimentResults results = experiment(List.of(
                cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true)
                        .withPrewarm(new ExperimentResults.Prewarmed(80, true, Map.of("pessoa-service", 0.02), 200, 60.0, 0.0)
                                .followedBy(new ExperimentResults.Prewarmed(27, true, Map.of("pessoa-service", 0.01), 200, 56.0, 0.0)))),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, 400, 0.01, false).withPrewarm(firstSettledThenCapped))), true);

        Verdict verdict = Summary.of(results).verdict();

        assertThat(verdict.unsettled()).containsExactly("virtual-200u r1, with the CEP latency");
        assertThat(verdict.lines()).anySatisfy(l -> assertThat(l).startsWith("**Not settled**").contains("virtual-200u r1, with the CEP latency"));
        assertThat(ReadmeVerdict.block("run", results, Summary.of(results))).contains("| **no**: virtual, with the CEP latency |");
    }

    @Test
    void resultsJsonCarriesTheVerdictAndEachCellsPredictionAndStillReadsBack(@TempDir Path dir) throws Exception {
        ExperimentResults results = experiment(List.of(
                cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true)),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, 400, 0.01, false)),
                cell(ThreadMode.VIRTUAL, 200, true, run(1, 392, 0.0, false))), true);

        ResultsFiles.write(dir, results);

        JsonNode json = JsonMapper.builder().build().readTree(dir.resolve("results.json").toFile());
        assertThat(json.get("schemaVersion").asString()).isEqualTo("19");
        JsonNode level = json.get("verdict").get("levels").get(0);
        assertThat(level.get("users").asInt()).isEqualTo(200);
        assertThat(level.get("throughputRatio").get("median").asDouble()).isCloseTo(8.0, within(1e-9));
        assertThat(level.get("aaSpread").asDouble()).isCloseTo(0.02, within(1e-9));
        assertThat(level.get("matchesModel").asBoolean()).isTrue();
        assertThat(level.get("beyondNoise").asBoolean()).isTrue();
        assertThat(json.get("model")).hasSize(3);
        assertThat(json.get("model").get(0).get("cell").asString()).isEqualTo("platform-200u");
        assertThat(json.get("model").get(0).get("boundThroughput").asDouble()).isCloseTo(25 / 0.51, within(1e-6));
        assertThat(json.get("model").get(0).get("predictedThroughput").asDouble()).isLessThanOrEqualTo(25 / 0.51);
        assertThat(json.get("model").get(0).get("predictedMeanMs").asDouble()).isPositive();
        assertThat(json.get("model").get(0).get("predictedBottleneck").asString()).isEqualTo("Tomcat threads");
        assertThat(ResultsFiles.read(dir.resolve("results.json")).cells()).hasSize(3);

        // The verdict is what a reader meets first: summary.md's first section, and the report's before any chart.
        String md = Files.readString(dir.resolve("summary.md"));
        assertThat(md.indexOf("## Verdict")).isPositive().isLessThan(md.indexOf("## ", md.indexOf("## Verdict") + 1));
        assertThat(md).contains("- 200 users: virtual ÷ platform 8.00×");
        String html = Files.readString(dir.resolve("index.html"));
        assertThat(html.indexOf("<div class=verdict>")).isPositive().isLessThan(html.indexOf("<canvas"));
        assertThat(html).contains("<b>beyond the noise</b>");
    }

    private static Verdict.Level level(Verdict verdict, int users) {
        return verdict.levels().stream().filter(l -> l.users() == users).findFirst().orElseThrow();
    }

    private static ExperimentResults experiment(List<CellResult> cells, boolean calibrated) {
        return RunFixtures.experiment(cells, calibrated);
    }

    @Test
    void aModeThatServedNothingGetsNoRatioAndIsNamed() {
        // A service that stopped answering (spring-petclinic's virtual pair once hung on 2 carriers): no ratio, no "beyond the noise".
        ExperimentResults results = experiment(List.of(
                cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true)),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, 0, 0.0, false).withContext(new ExperimentResults.RunContext(null, null, "25", null, null, null,
                        java.util.Map.of("app", "every carrier (2 of 2) blocked")))),
                cell(ThreadMode.VIRTUAL, 200, true, run(1, 0, 0.0, false))), true);

        Summary summary = Summary.of(results);
        Verdict verdict = summary.verdict();

        Verdict.Level top = level(verdict, 200);
        assertThat(top.beyondNoise()).isNull();
        assertThat(top.sentence()).isEqualTo("200 users: **no ratio**: virtual served no request in its window (see \"Served nothing\" below)");
        assertThat(verdict.silent()).hasSize(2).allMatch(run -> run.startsWith("virtual-200u"));
        assertThat(verdict.lines()).anyMatch(line -> line.startsWith("**Served nothing**: virtual-200u r1 (app: every carrier (2 of 2) blocked), "
                + "virtual-200u-aa r1 answered no request"));
        // The model's miss names the silence instead of looking for a figure that explains it.
        assertThat(summary.model()).filteredOn(row -> row.cell().startsWith("virtual")).isNotEmpty()
                .allMatch(row -> row.miss().startsWith("it answered no request in the window"));
    }

    @Test
    void aModeWhoseCellDidNotRunGetsNoRatioAndIsNotCalledSilent() {
        // An application that exits while starting: its cells have no repeats, only their reasons.
        ExperimentResults results = experiment(List.of(
                cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true)),
                cell(ThreadMode.VIRTUAL, 200, false)), true);

        Verdict verdict = Summary.of(results).verdict();

        assertThat(level(verdict, 200).sentence()).isEqualTo("200 users: **no ratio**: a mode's cell did not run (its reason is in the cells' table)");
        assertThat(verdict.silent()).isEmpty();
    }

    @Test
    void aModeWhosePairHungAtColdStartHasThatHangAsItsResult(@TempDir Path dir) throws Exception {
        // The virtual pair's first request went unanswered and its dump showed every carrier blocked.
        CellResult virtual = cell(ThreadMode.VIRTUAL, 200, false);
        ExperimentResults.ColdStart hung = new ExperimentResults.ColdStart(1, true, "GET /owners/{id}: no response (×3)",
                java.util.Map.of("app", "cells/virtual-200u/r1/app-threads-cold-start.json"), java.util.Map.of("app", "every carrier (2 of 2) blocked"));
        virtual = new CellResult(virtual.id(), virtual.variant(), virtual.mode(), virtual.implementation(), virtual.users(), virtual.factors(), List.of(),
                List.of("repeat 1: " + hung.text()), List.of(hung));
        ExperimentResults results = experiment(List.of(cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true)), virtual), true);

        Verdict verdict = Summary.of(results).verdict();

        assertThat(level(verdict, 200).sentence()).isEqualTo("200 users: **no ratio**: **virtual: deadlocked at cold start: GET /owners/{id}: no response (×3); "
                + "app: every carrier (2 of 2) blocked**");
        assertThat(verdict.coldStarts()).containsExactly("virtual, repeat 1 (virtual-200u): deadlocked at cold start: GET /owners/{id}: no response (×3); "
                + "app: every carrier (2 of 2) blocked");
        assertThat(verdict.lines()).anySatisfy(l -> assertThat(l).startsWith("**Cold start failed**: virtual, repeat 1").contains("not the scenario's fault"));
        assertThat(verdict.silent()).isEmpty();
        // In results.json the missing ratio is null (JSON has no NaN), the hang beside it.
        ResultsFiles.write(dir, results);
        JsonNode json = JsonMapper.builder().build().readTree(dir.resolve("results.json").toFile());
        assertThat(json.get("verdict").get("levels").get(0).get("throughputRatio").get("median").isNull()).isTrue();
        assertThat(json.get("verdict").get("coldStarts").get(0).asString()).startsWith("virtual, repeat 1 (virtual-200u): deadlocked at cold start");
        assertThat(json.get("cells").get(1).get("coldStarts").get(0).get("hung").asBoolean()).isTrue();
        assertThat(ResultsFiles.read(dir.resolve("results.json")).cells().get(1).coldStarts()).containsExactly(hung);
    }

    @Test
    void theStartUpCheckIsStatedPerKindOfJvmAndKeptInResultsJson(@TempDir Path dir) throws Exception {
        ExperimentResults measured = experiment(List.of(cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true)),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, 400, 0.01, false))), true);
        var answered = new lab.vthreads.lab.measured.StartupCheck.Start(1, lab.vthreads.lab.measured.StartupCheck.Outcome.ANSWERED, null, null, 2100L, null, null);
        var hung = new lab.vthreads.lab.measured.StartupCheck.Start(2, lab.vthreads.lab.measured.StartupCheck.Outcome.HUNG, "GET /cold: no response (×8)", 2, 126L,
                java.util.Map.of("app", "startup/virtual/start-2/app-threads-start-2.json"), java.util.Map.of("app", "every carrier (2 of 2) blocked"));
        List<lab.vthreads.lab.measured.StartupCheck> checks = List.of(
                new lab.vthreads.lab.measured.StartupCheck("platform", ThreadMode.PLATFORM, null, 120, 30, List.of(answered, answered)),
                new lab.vthreads.lab.measured.StartupCheck("virtual", ThreadMode.VIRTUAL, null, 120, 30, List.of(answered, hung)));
        ExperimentResults results = RunFixtures.withStartupChecks(measured, checks);

        Verdict verdict = Summary.of(results).verdict();

        assertThat(verdict.startups()).containsExactly("platform: 0 of 2 starts hung (95% interval 0-66%)",
                "virtual: 1 of 2 starts hung (95% interval 9-91%), 1 deadlocked at cold start, 2 carriers "
                        + "(start 2: GET /cold: no response (×8); app: every carrier (2 of 2) blocked)");
        assertThat(verdict.lines()).anySatisfy(l -> assertThat(l).startsWith("**Start-up check**: platform: 0 of 2"));
        ResultsFiles.write(dir, results);
        JsonNode json = JsonMapper.builder().build().readTree(dir.resolve("results.json").toFile());
        assertThat(json.get("startupChecks").get(1).get("starts").get(1).get("outcome").asString()).isEqualTo("hung");
        assertThat(json.get("verdict").get("startups").get(1).asString()).startsWith("virtual: 1 of 2 starts hung");
        assertThat(ResultsFilesTest.schema().validate(new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("results.json").toFile()))).isEmpty();
        assertThat(ResultsFiles.read(dir.resolve("results.json")).startupChecks()).isEqualTo(checks);
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("| platform | 120 | 2 | 0 | 0-66% | 0 | 0 | – | 2100 (2100-2100) |",
                "| virtual | 120 | 2 | **1** | 9-91% | 1 | 0 | 2 | 2100 (2100-2100) |");
    }

    @Test
    void aPlatformControlNotStartedBecauseNoVirtualStartHungIsSaidInTheVerdictAndTheTable(@TempDir Path dir) throws Exception {
        ExperimentResults measured = experiment(List.of(cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true)),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, 400, 0.01, false))), true);
        var answered = new lab.vthreads.lab.measured.StartupCheck.Start(1, lab.vthreads.lab.measured.StartupCheck.Outcome.ANSWERED, null, 2, 2100L, null, null);
        ExperimentResults results = RunFixtures.withStartupChecks(measured,
                List.of(new lab.vthreads.lab.measured.StartupCheck("virtual", ThreadMode.VIRTUAL, null, 200, 30, List.of(answered, answered))));

        Verdict verdict = Summary.of(results).verdict();

        assertThat(verdict.startups()).containsExactly("virtual: 0 of 2 starts hung (95% interval 0-66%), 2 carriers",
                "platform: not started, the control for a hang, and none hung");
        ResultsFiles.write(dir, results);
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("| virtual | 200 | 2 | 0 | 0-66% | 0 | 0 | 2 | 2100 (2100-2100) |",
                "| platform | – | 0 | – | – | – | – | – | not started: the control for a hang, and none hung |");
        // Where the check made every kind's starts, no control is missing.
        assertThat(StartupTables.controlsNotStarted(RunFixtures.withStartupChecks(measured, List.of(
                new lab.vthreads.lab.measured.StartupCheck("platform", ThreadMode.PLATFORM, null, 200, 30, List.of(answered)),
                new lab.vthreads.lab.measured.StartupCheck("virtual", ThreadMode.VIRTUAL, null, 200, 30, List.of(answered)))))).isEmpty();
        assertThat(StartupTables.controlsNotStarted(measured)).isEmpty();
    }

    /** A hang whose dump showed every carrier blocked is virtual threads' own deadlock: the control has nothing to tell, and the verdict says so. */
    @Test
    void aPlatformControlNotStartedBecauseEveryHangWasACarrierDeadlockIsSaidSo(@TempDir Path dir) throws Exception {
        ExperimentResults measured = experiment(List.of(cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true)),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, 400, 0.01, false))), true);
        var answered = new lab.vthreads.lab.measured.StartupCheck.Start(1, lab.vthreads.lab.measured.StartupCheck.Outcome.ANSWERED, null, 2, 2100L, null, null);
        var deadlocked = new lab.vthreads.lab.measured.StartupCheck.Start(2, lab.vthreads.lab.measured.StartupCheck.Outcome.HUNG, "GET /cold: no response",
                2, null, Map.of("app", "startup/virtual/start-2/app-threads-start-2.json"), Map.of("app", "every carrier (2 of 2) blocked"));
        ExperimentResults results = RunFixtures.withStartupChecks(measured,
                List.of(new lab.vthreads.lab.measured.StartupCheck("virtual", ThreadMode.VIRTUAL, null, 200, 30, List.of(answered, deadlocked))));

        assertThat(Summary.of(results).verdict().startups()).contains("platform: not started, the control for a hang, and each hang was a deadlock "
                + "of the virtual threads' carriers, which a platform JVM cannot have");
        ResultsFiles.write(dir, results);
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("| platform | – | 0 | – | – | – | – | – | not started: the control for a hang, "
                + "and each hang was a deadlock of the virtual threads' carriers, which a platform JVM cannot have |");
    }

    @Test
    void aRunThatDroppedMoreThanFivePercentOfItsSamplesIsNamedInTheVerdict() {
        ExperimentResults results = experiment(List.of(
                cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true).withSampling(new ExperimentResults.Sampling(40, 2, "java.io.IOException: a"))),
                cell(ThreadMode.VIRTUAL, 200, false, run(1, 400, 0.01, false)
                        .withSampling(new ExperimentResults.Sampling(40, 3, "java.lang.StringIndexOutOfBoundsException: b")))), true);

        Verdict verdict = Summary.of(results).verdict();

        // 2 of 40 (5%) is not beyond the rule; 3 of 40 is.
        assertThat(verdict.thin()).containsExactly("virtual-200u r1: 3 of 40 s dropped, first: java.lang.StringIndexOutOfBoundsException: b");
        assertThat(verdict.lines()).anySatisfy(l -> assertThat(l).startsWith("**Samples lost**").contains("virtual-200u r1"));
    }

    @Test
    void aLevelWithAWindowTheHypervisorStoleFromSaysItIsNotAFinding() {
        RepeatResult stolen = run(1, 47, 0.0, true);
        stolen = new RepeatResult(stolen.repeat(), stolen.startedAt(), stolen.client(), stolen.server(), stolen.processes(),
                new ExperimentResults.Machine(0.3, 0.295), stolen.samples(), null, true, 2, stolen.window());
        ExperimentResults results = experiment(List.of(
                cell(ThreadMode.PLATFORM, 200, false, stolen), cell(ThreadMode.VIRTUAL, 200, false, run(1, 400, 0.0, false)),
                cell(ThreadMode.PLATFORM, 20, false, run(1, 39, 0.0, false)), cell(ThreadMode.VIRTUAL, 20, false, run(1, 40, 0.0, false))), true);

        Verdict verdict = Summary.of(results).verdict();

        assertThat(level(verdict, 200).stealFlagged()).isTrue();
        assertThat(level(verdict, 200).sentence()).contains("**the hypervisor stole CPU in a window at this level** (steal flagged): not a finding until run again");
        assertThat(level(verdict, 20).stealFlagged()).isFalse();
        assertThat(level(verdict, 20).sentence()).doesNotContain("hypervisor");
    }

    @Test
    void aLevelWhoseModesTheLoadGeneratorHeldSaysItMeasuredTheLoadGeneratorAndHowToLoadTheApplication() {
        String load = lab.vthreads.lab.model.Bottleneck.LOAD.label();
        Verdict.Level both = level(120, load, load + " (the model: CPU)");
        Verdict.Level one = level(120, load, "CPU");

        assertThat(both.heldByTheLoadGenerator()).isTrue();
        assertThat(both.sentence()).contains("platform held by load generator's CPU, virtual by load generator's CPU (the model: CPU); "
                + "**both modes held by the load generator: this level measured it, not the application**", "give the scenario's users think time");
        assertThat(one.heldByTheLoadGenerator()).isFalse();
        assertThat(one.sentence()).doesNotContain("measured it, not the application");
    }

    private static Verdict.Level level(int users, String platformBound, String virtualBound) {
        return new Verdict.Level(null, users, new Summary.Stat(0.85, 0.85, 0.85), 1.0, 0.247, users, false, platformBound, virtualBound,
                Verdict.Noise.WITHIN, null, 1, false, null, List.of());
    }

    private static CellResult cell(ThreadMode mode, int users, boolean replica, RepeatResult... repeats) {
        return RunFixtures.cell(mode, users, replica, repeats);
    }

    private static RepeatResult run(int n, double throughput, double holdTrend, boolean tomcatFull) {
        return RunFixtures.run(n, throughput, holdTrend, tomcatFull, 0.5);
    }
}
