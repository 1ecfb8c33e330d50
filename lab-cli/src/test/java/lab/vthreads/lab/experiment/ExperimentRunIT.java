package lab.vthreads.lab.experiment;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.infra.testsupport.LongRun;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.TestPreset;
import lab.vthreads.lab.measured.ExperimentResults;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import com.fasterxml.jackson.databind.ObjectMapper;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.report.ResultsFiles;
import lab.vthreads.lab.report.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tiny two-cell experiment, seconds per cell, end to end: real stack, real Gatling, real files. The timeout bounds a
 * hung run, not a slow machine's: its cells, prewarms and two calibrations take minutes on 2 slow cores. A run stopped
 * mid-way (SIGTERM, Ctrl-C) is LabProcessIT's: through the CLI's shutdown hook, every process the run started ends.
 */
@LongRun
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ExperimentRunIT {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void runsTheCellsOnSharedPrewarmedServicesWritesValidResultsAndAReportAndRecordsCellsThatCouldNotStart(
            @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp) throws Exception {
        // The run's folder inside the temporary one: the calibrations it keeps go beside it (../.calibrations), not in /tmp.
        Path dir = temp.resolve("run");
        // Two levels in both modes and the reactive contender, and an A/A copy of the higher virtual level, each mode on one
        // pair of JVMs; and two cells whose HikariCP version does not exist: their services must fail alone, with the reason.
        Preset tiny = TestPreset.named("tiny").description("Five cells, a few seconds each.").users(3, 6).aaControl("virtual").seconds(1, 4, 3)
                .cepLatency("fixed:50").set("tomcatThreads", 10).set("prewarmSeconds", 8)
                .list("variants", "{name: jar, modes: [platform, virtual, reactive]}", "{name: no-such-hikari, modes: [virtual], hikariCp: \"0.0.0\"}")
                .build();
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ExperimentRunner runner = new ExperimentRunner(RunnerOptions.of(tiny, dir).recalibrated(8).progressTo(progress).build());

        ExperimentResults results;
        try {
            results = runner.run();
        } finally {
            // The run's own account, with its times, in the test's output file: where a failure or a slow run starts.
            System.out.println(progress);
        }
        ResultsFiles.write(dir, results);

        assertThat(results.cells()).extracting(ExperimentResults.CellResult::id).containsExactly("jar-platform-3u", "jar-virtual-3u",
                "jar-reactive-3u", "no-such-hikari-virtual-3u", "jar-platform-6u", "jar-virtual-6u", "jar-virtual-6u-aa", "jar-reactive-6u",
                "no-such-hikari-virtual-6u", "no-such-hikari-virtual-6u-aa");
        List<ExperimentResults.CellResult> ran = results.cells().stream().filter(c -> c.variant().equals("jar")).toList();
        for (ExperimentResults.CellResult failed : results.cells().stream().filter(c -> !c.variant().equals("jar")).toList()) {
            assertThat(failed.repeats()).isEmpty();
            assertThat(failed.failures()).singleElement().asString().contains("No HikariCP 0.0.0", "7.0.2", "7.1.0");
        }
        for (ExperimentResults.CellResult cell : ran) {
            assertThat(cell.failures()).isEmpty();
            ExperimentResults.RepeatResult run = cell.repeats().getFirst();
            // 201s over the whole run, not in the 4 s hold window: with a second build beside it, a cold virtual-mode cell
            // here answered its first request 8 s after the load started, after that window had closed.
            assertThat(run.client().created201()).as(cell.id()).isPositive();
            assertThat(run.client().ko()).as(cell.id()).isZero();
            assertThat(run.client().consistent()).as(cell.id()).isTrue();
            assertThat(run.samples()).as(cell.id()).isNotEmpty();
            // The prewarm loaded the services first, and none of its requests reached the measured run's count (consistent above).
            assertThat(run.context().prewarm()).as(cell.id()).isNotNull();
            assertThat(run.context().prewarm().seconds()).as(cell.id()).isBetween(1.0, 8.0 + 5);
            assertThat(run.context().prewarm().compileShares()).as(cell.id()).containsOnlyKeys("pessoa-service", "gateway-service");
            // One prewarm per pair of JVMs, with its most users, before its first cell.
            assertThat(run.context().prewarm().users()).as(cell.id()).isEqualTo(6);
            assertThat(run.context().prewarm().throughput()).as(cell.id()).isPositive();
            assertThat(run.context().stack()).as(cell.id()).isNotNull();
            assertThat(run.context().stack().order()).as(cell.id()).isEqualTo(switch (cell.mode()) {
                case PLATFORM -> List.of("jar-platform-6u", "jar-platform-3u");
                case VIRTUAL -> List.of("jar-virtual-6u", "jar-virtual-3u", "jar-virtual-6u-aa");
                case REACTIVE -> List.of("jar-reactive-6u", "jar-reactive-3u");
            });
            assertThat(run.context().stack().position()).as(cell.id()).isEqualTo(run.context().stack().order().indexOf(cell.id()) + 1);
            // The database was emptied before every cell: what an earlier cell on the same JVMs stored is gone.
            assertThat(run.context().stack().rowsAtStart()).as(cell.id()).isZero();
            assertThat(dir.resolve("cells").resolve(run.context().stack().order().getFirst()).resolve("r1").resolve("prewarm.log")).exists();
            // Gatling's HTML report only where someone opens it: the cell's, not the prewarm's.
            Path prewarmRuns = dir.resolve("cells").resolve(run.context().stack().order().getFirst()).resolve("r1").resolve("prewarm");
            assertThat(prewarmRuns).as(cell.id()).isDirectory();
            assertThat(htmlReportsUnder(prewarmRuns)).as(cell.id()).isZero();
            // Then the pair's first cell once, as it is measured, not counted: its own folder, and the report's account of it.
            ExperimentResults.Rehearsal rehearsal = run.context().prewarm().rehearsal();
            assertThat(rehearsal).as(cell.id()).isNotNull();
            assertThat(rehearsal.cell()).as(cell.id()).isEqualTo(run.context().stack().order().getFirst());
            assertThat(rehearsal.throughput()).as(cell.id()).isPositive();
            assertThat(rehearsal.compileShares()).as(cell.id()).containsOnlyKeys("pessoa-service", "gateway-service");
            assertThat(dir.resolve("cells").resolve(rehearsal.cell()).resolve("r1").resolve("rehearsal").resolve("gatling-results.json")).isNotEmptyFile();
            assertThat(run.processes()).containsKeys("postgres", "wiremock", "pessoa-service", "gateway-service", "gatling");
            assertThat(dir.resolve(run.gatlingReport())).exists();
        }
        // The calibration measured this path: every process used CPU, each request looked up one CEP and took one connection.
        Calibration calibration = results.calibration();
        // Its runs are read from the lab's own results: Gatling writes no HTML report for them.
        try (var files = Files.walk(dir)) {
            List<Path> calibrationRuns = files.filter(f -> f.getFileName().toString().startsWith("gatling-rate-") && Files.isDirectory(f)).toList();
            assertThat(calibrationRuns).isNotEmpty();
            for (Path run : calibrationRuns) assertThat(htmlReportsUnder(run)).as(run.toString()).isZero();
        }
        assertThat(calibration.cpuMsPerRequest()).containsKeys("postgres", "wiremock", "pessoa-service", "gateway-service", "gatling");
        // The low-load slope may come out 0 for a process over a few seconds of noise; the saturated run, which the model
        // uses, must have measured CPU and gone past the open workload's rate.
        assertThat(calibration.saturatedTotalCpuMsPerRequest()).isPositive();
        assertThat(calibration.saturatedThroughput()).isGreaterThan(calibration.throughput());
        assertThat(calibration.throughput()).isCloseTo(calibration.rate(), org.assertj.core.data.Percentage.withPercentage(25));
        assertThat(calibration.cepLookupsPerRequest()).isBetween(1.0, 3.0);
        // Exactly one connection per request, give or take the requests in flight at the window's two edges: a request
        // counts at the gateway when it completes, its acquisition when pessoa-service takes the connection. The ratio
        // comes from the low-rate run (a third of the calibration's rate, half its window): on a machine busy with other
        // work that was 9 requests, and one of them at an edge made it 1.11 (a fixed ±5% failed there).
        double lowRateRequests = Math.max(1, Math.round(calibration.rate() / 3)) * calibration.windowSeconds() / 2;
        assertThat(Math.abs(calibration.connectionsPerRequest() - 1.0) * lowRateRequests).as("acquisitions minus requests, %s × %.0f",
                calibration.connectionsPerRequest(), lowRateRequests).isLessThanOrEqualTo(2.0);
        assertThat(calibration.connectionHoldMs()).isPositive();
        // Measured on the virtual cells' own services once their cells were done: no pair of JVMs and no prewarm of its
        // own, only the short saturated run on the services' side that sets its rates.
        assertThat(dir.resolve("calibration").resolve("prewarm.log")).doesNotExist();
        assertThat(dir.resolve("calibration").resolve("pessoa-service.log")).doesNotExist();
        assertThat(dir.resolve("calibration").resolve("gatling-results-warm.json")).exists();
        // Each calibration run's seconds kept, as a cell's are: the saturation run's queue is read from them.
        var saturationSeconds = new ObjectMapper().readTree(dir.resolve("calibration").resolve("samples-saturation.json").toFile());
        assertThat(saturationSeconds.size()).isGreaterThanOrEqualTo(3);
        assertThat(saturationSeconds.get(saturationSeconds.size() - 1).has(lab.vthreads.lab.metrics.SampleNames.LABS_OWN.hikariPending())).isTrue();
        assertThat(dir.resolve("calibration").resolve("gatling-results-warmup.json")).doesNotExist();
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("Capacity model: predicted against measured", "jar-platform-6u", "Tomcat threads");
        // The reactive cells ran pessoa-service-reactive (only its pool, r2dbc-pool, fills the pool's keys without Hikari) and
        // are compared with both thread modes, predicted from the reactive service's own calibration.
        ExperimentResults.RepeatResult reactive = ran.stream().filter(c -> c.mode() == lab.vthreads.lab.stack.ThreadMode.REACTIVE)
                .findFirst().orElseThrow().repeats().getFirst();
        assertThat(reactive.samples()).anyMatch(s -> s.containsKey(lab.vthreads.lab.metrics.SampleNames.LABS_OWN.hikariActive()));
        assertThat(reactive.server().peakVirtualThreadsServer()).as("pessoa-service-reactive runs nothing on virtual threads").isIn(null, 0.0);
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("reactive ÷ each thread mode", "reactive ÷ platform", "reactive ÷ virtual");
        assertThat(Summary.of(results).model()).extracting(Summary.ModelRow::cell).contains("jar-reactive-3u", "jar-reactive-6u");
        // Measured the same way on the reactive pair's warm JVMs after its cells, in a folder of its own: one transaction
        // (pessoa.transactions, the reactive service's hold timer) per request.
        // Each implementation's calibration under its name, each cell under its implementation's.
        assertThat(results.calibrations()).containsOnlyKeys("pessoa-service", "pessoa-service-reactive");
        assertThat(ran).allSatisfy(cell -> assertThat(cell.implementation()).as(cell.id())
                .isEqualTo(cell.mode() == lab.vthreads.lab.stack.ThreadMode.REACTIVE ? "pessoa-service-reactive" : "pessoa-service"));
        Calibration reactiveCalibration = results.calibrations().get("pessoa-service-reactive");
        assertThat(reactiveCalibration).isNotNull();
        assertThat(reactiveCalibration.saturatedTotalCpuMsPerRequest()).isPositive();
        assertThat(reactiveCalibration.cepLookupsPerRequest()).isBetween(1.0, 3.0);
        assertThat(Math.abs(reactiveCalibration.connectionsPerRequest() - 1.0) * lowRateRequests).as("transactions minus requests, %s",
                reactiveCalibration.connectionsPerRequest()).isLessThanOrEqualTo(2.0);
        assertThat(reactiveCalibration.connectionHoldMs()).isPositive();
        assertThat(dir.resolve("calibration-reactive").resolve("gatling-results-warm.json")).exists();
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("Calibration of pessoa-service-reactive: CPU per request at saturation",
                "The cost of writing it: lines of code");
        assertThat(ResultsFilesSchema.validate(dir.resolve("results.json"))).isEmpty();
        String html = Files.readString(dir.resolve("index.html"));
        for (ExperimentResults.CellResult cell : ran) {
            assertThat(html).contains("href=\"" + cell.repeats().getFirst().gatlingReport() + "\"");
        }
        assertThat(html).contains("Runs that did not happen", "No HikariCP 0.0.0", "<div class=verdict>");
        // Three pairs of JVMs (one per mode) started and prewarmed, each with its most users; the calibration started and
        // prewarmed none.
        String said = progress.toString();
        assertThat(said.split("prewarm: 6 users until the services' JIT and CPU per request settle", -1)).hasSize(4);
        assertThat(said.split("prewarm on every CPU with no CEP latency, then with the cells' fixed:50", -1)).hasSize(4);
        // then a second prewarm each, with the cells' latency; the virtual pair rehearsed the thread dumps its cells take
        assertThat(said.split("prewarm-with-latency: 6 users until the services' JIT and CPU per request settle", -1)).hasSize(4);
        for (ExperimentResults.CellResult cell : ran) {
            ExperimentResults.Prewarmed prewarm = cell.repeats().getFirst().context().prewarm();
            assertThat(prewarm).as(cell.id()).isNotNull();
            assertThat(prewarm.withLatency()).as(cell.id()).isNotNull();
        }
        Path cells = dir.resolve("cells");
        assertThat(cells.resolve("jar-virtual-6u/r1/prewarm-with-latency/pessoa-service-threads-rehearsal.json")).isNotEmptyFile();
        assertThat(cells.resolve("jar-virtual-6u/r1/prewarm-with-latency/gateway-service-threads-rehearsal.json")).isNotEmptyFile();
        assertThat(cells.resolve("jar-platform-6u/r1/prewarm-with-latency")).isDirectory().isDirectoryNotContaining("glob:**threads-rehearsal.json");
        assertThat(said).doesNotContain("prewarm: 3 users", "calibration prewarm");
        // One rehearsal per pair, of its first cell, before that cell's numbered run.
        for (String first : List.of("jar-platform-6u", "jar-virtual-6u", "jar-reactive-6u")) {
            assertThat(said.split("rehearsal: " + first + " once as it will be measured", -1)).as(first).hasSize(2);
        }
        assertThat(said.indexOf("rehearsal: jar-virtual-6u once")).isLessThan(said.indexOf("[3/10] jar-virtual-6u"));
        assertThat(said).contains("[1/10] jar-platform-6u", "[2/10] jar-platform-3u", "[3/10] jar-virtual-6u", "[4/10] jar-virtual-3u",
                "[5/10] jar-virtual-6u-aa", "[6/10] jar-reactive-6u", "[7/10] jar-reactive-3u", "no-such-hikari-virtual-6u, repeat 1, did not run",
                "no-such-hikari-virtual-3u, repeat 1, did not run");
        // The first cell runs platform threads; the calibration, virtual ones (the model's CPU bound is a virtual cell's),
        // on the jar variant's virtual services after the last of their cells and before the next pair's start.
        String calibrating = "Calibrating on the warm services of jar-virtual-6u, jar-virtual-3u, jar-virtual-6u-aa, after their cells";
        assertThat(said).contains(calibrating, "8 s each, virtual threads", "Calibrating on the warm services of jar-reactive-6u, jar-reactive-3u, after their cells",
                "8 s each, the reactive service");
        assertThat(said.indexOf(calibrating)).isGreaterThan(said.indexOf("[5/10] jar-virtual-6u-aa"))
                .isLessThan(said.indexOf("[6/10] jar-reactive-6u"));
        // The load generators started from the AOT cache an unmeasured run made (a prewarm, unless an earlier test's
        // already had), and no JVM, theirs or the services', refused its cache.
        try (var caches = Files.walk(HOME.resolve("gatling/target/aot"))) {
            assertThat(caches.map(p -> p.getFileName().toString())).contains("gatling.aot").doesNotContain("refused.txt");
        }
        // Every measured cell's load generator among them: its log's first line says how it started.
        for (ExperimentResults.CellResult cell : ran) {
            assertThat(Files.readAllLines(dir.resolve("cells").resolve(cell.id()).resolve("r1").resolve("gatling.log")).getFirst()).as(cell.id())
                    .startsWith("lab: the load generator starts from the AOT cache");
        }
        try (var logs = Files.walk(dir)) {
            for (Path log : logs.filter(p -> p.getFileName().toString().endsWith(".log")).filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(log, java.nio.charset.StandardCharsets.ISO_8859_1)).as(log.toString()).doesNotContain("][error][aot]");
            }
        }
        // The verdict at both levels, with the copy's spread as the noise floor.
        assertThat(new ObjectMapper().readTree(dir.resolve("results.json").toFile()).get("verdict").get("levels")).hasSize(2);
    }

    /** The documented schema, applied to a written file. */
    static final class ResultsFilesSchema {
        static java.util.Set<com.networknt.schema.ValidationMessage> validate(Path file) throws IOException {
            return com.networknt.schema.JsonSchemaFactory.getInstance(com.networknt.schema.SpecVersion.VersionFlag.V7)
                    .getSchema(com.networknt.schema.SchemaLocation.of(HOME.resolve("docs/results.schema.json").toUri().toString()),
                            com.networknt.schema.SchemaValidatorsConfig.builder().build())
                    .validate(new ObjectMapper().readTree(file.toFile()));
        }
    }

    /** How many Gatling HTML reports (an index.html) a folder holds, at any depth. */
    static long htmlReportsUnder(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) return 0;
        try (var files = Files.walk(folder)) {
            return files.filter(f -> f.getFileName().toString().equals("index.html")).count();
        }
    }
}
