package lab.vthreads.lab.experiment;

import lab.vthreads.infra.testsupport.LongRun;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.TestPreset;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.StartupCheck;
import lab.vthreads.lab.measured.FirstAttempt;
import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.PessoaAsAStranger;
import lab.vthreads.lab.model.Bottleneck;
import lab.vthreads.lab.report.Summary;
import lab.vthreads.lab.report.ResultsFiles;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.FreePorts;
import lab.vthreads.lab.stack.StackSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * `./lab run --app` end to end on a jar the lab treats as a stranger's (pessoa-service's own, told everything through
 * Spring properties and its stubs' URL property), with a scenario that writes: each cell's users take the same
 * payload rows from the first, so a cell that met the prewarm's or an earlier cell's people would get 409s for their
 * CPFs. None does: every run starts from the data the application's migrations left, two cells on one pair of JVMs
 * (the platform mode's pair runs in the calibration's test below), each measured twice, as a window in which the
 * compilers were at work is (CompilingWindow), told to here whatever its window compiled: four runs on the same
 * rows, the first attempts kept beside the second.
 *
 * <p>And the generalised model's contract: a stub of fixed latency, fewer Tomcat threads than users, and the thread
 * bound the calibration's single-user probe predicts (threads ÷ the response time with nothing queued) is what the
 * platform cell serves. On a request that only waits for the stub: where a request also spends CPU, a pair of JVMs
 * less warm than the calibration's holds its threads longer (a store-and-read-back flow's platform cell once served
 * 20% under the bound), and the contract is the thread bound's, not the JIT's.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class AppExperimentIT {

    static final Path HOME = ExperimentRunIT.HOME;

    /**
     * The application differs from the lab's services the ways real ones do: served under a context path (the scenario's
     * {@code config.target}, and a captured id read back under it), every SQL statement logged, and Actuator without
     * its Prometheus endpoint (only health and metrics exposed), which the lab reads from the links it lists.
     */
    @Test
    @LongRun
    void measuresAUsersJarFromTheSameDataInEveryCell(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp) throws Exception {
        Path dir = temp.resolve("run");
        Preset tiny = TestPreset.named("tiny-app").description("A user's application, a few seconds a cell.").simulation("ScenarioSimulation")
                .users(4).modes("virtual").aaControl("virtual").seconds(1, 4, 2).cepLatency("fixed:20").set("tomcatThreads", 8).set("prewarmSeconds", 8)
                // Two cold starts first, each on a database made afresh, whose bursts write: the cells still start from the migrations' data.
                // Each gets the first pass the preset asks for before its burst, as the cells' pair gets it before its prewarm.
                .set("startupChecks", 2).set("firstPass", "in-turn").build();
        Path scenario = PessoaAsAStranger.storeAndReadBack(temp, 5000, "/pessoa");
        Application app = PessoaAsAStranger.withStubs(HOME, java.util.Map.of("server.servlet.context-path", "/pessoa", "spring.jpa.show-sql", "true",
                "management.endpoints.web.exposure.include", "health,metrics"));
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ExperimentRunner runner = new ExperimentRunner(RunnerOptions.of(tiny, dir).progressTo(progress).application(app, scenario)
                .rerunWhileCompilingAbove(-1).build());

        ExperimentResults results = runner.run();
        ResultsFiles.write(dir, results);
        assertThat(ExperimentRunIT.ResultsFilesSchema.validate(dir.resolve("results.json"))).isEmpty();

        assertThat(results.cells()).extracting(ExperimentResults.CellResult::id)
                .containsExactly("virtual-4u", "virtual-4u-aa");
        for (ExperimentResults.CellResult cell : results.cells()) {
            assertThat(cell.failures()).as(cell.id()).isEmpty();
            ExperimentResults.RepeatResult run = cell.repeats().getFirst();
            assertThat(run.client().created201()).as(cell.id()).isPositive();
            // The same CPFs in every cell, and no 409: each started from the migrations' data, not from the last cell's.
            assertThat(run.client().ko()).as(cell.id() + ": " + run.client().koReasons()).isZero();
            assertThat(run.processes()).as(cell.id()).containsKeys("postgres", "wiremock", "app", "gatling").doesNotContainKeys("pessoa-service", "gateway-service");
            assertThat(run.context().prewarm().compileShares()).as(cell.id()).containsOnlyKeys("app");
            // The application's own JVM keeps the JFR pinning recording, read per window like the lab's services'.
            assertThat(run.context().pinning()).as(cell.id()).containsKey("app");
            // The second attempt is the one counted; the first, with its own files, is what it replaced.
            assertThat(run.attempt()).as(cell.id()).isEqualTo(2);
            FirstAttempt first = run.context().firstAttempt();
            assertThat(first).as(cell.id()).isNotNull();
            assertThat(first.folder()).isEqualTo("cells/" + cell.id() + "/r1");
            assertThat(dir.resolve(first.folder()).resolve("gatling-results.json")).isNotEmptyFile();
            assertThat(dir.resolve("cells/" + cell.id() + "/r1-again/gatling-results.json")).isNotEmptyFile();
            assertThat(first.throughput()).as(cell.id()).isPositive();
            assertThat(first.compileShares()).as(cell.id()).containsOnlyKeys("app");
            assertThat(progress.toString()).contains("the services were still warming; running " + cell.id() + " again");
        }
        // Numbered as the cells are: a second attempt repeats its cell's number.
        assertThat(progress.toString().split("\\[1/2] virtual-4u, repeat 1", -1)).hasSize(3);
        assertThat(progress.toString().split("\\[2/2] virtual-4u-aa, repeat 1", -1)).hasSize(3);
        assertThat(results.calibration()).isNull();
        assertThat(results.startupChecks()).singleElement().satisfies(check -> assertThat(check.starts()).hasSize(2)
                .allMatch(start -> start.outcome() == StartupCheck.Outcome.ANSWERED, "answered"));
        assertThat(progress.toString()).contains("scenario checked: each flow once, one after the other,");
        for (int start = 1; start <= 2; start++) {
            Path startDir = dir.resolve("startup/virtual/start-" + start);
            assertThat(startDir.resolve("gatling-results-scenario-check.json")).as("start %d's first pass", start).isNotEmptyFile();
            assertThat(startDir.resolve("gatling-results-burst.json")).as("start %d's burst", start).isNotEmptyFile();
        }
        assertThat(progress.toString()).contains("the application's database after its own migrations:", "put back before each cell");
        // Its pool read through the metrics endpoint its links list, since it has no Prometheus one.
        assertThat(progress.toString()).containsOnlyOnce("signals: app's Actuator: GET http://127.0.0.1:").contains("metric endpoints [metrics]");
        // Under the application's own name, once, and not the lab's services' (results schema 18).
        assertThat(results.cells()).allSatisfy(cell -> assertThat(cell.sampleNames()).isEqualTo(lab.vthreads.lab.metrics.SampleNames.APPLICATION));
        assertThat(results.cells().getFirst().repeats().getFirst().samples()).anyMatch(sample -> sample.containsKey("app.hikariActive"))
                .allSatisfy(sample -> assertThat(sample.keySet()).noneMatch(key -> key.startsWith("pessoa.") || key.startsWith("gateway.")));
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("| virtual-4u-aa |").contains("not checked");
        assertThat(runner.loadGenerators()).isNotEmpty().noneMatch(g -> g.process().isAlive());
    }

    /**
     * On an application whose Actuator has no endpoint (every endpoint's access off: no health, no metrics, only its links),
     * so that everything the model, the prewarm and the calibration need is read from the lab's side: the load
     * generator's counts, the processes' CPU and the JVM's own counters.
     */
    @Test
    @LongRun
    void theCalibrationsProbePredictsTheThreadBoundOfADownstreamWait(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp) throws Exception {
        Path dir = temp.resolve("run");
        // A call of 200 ms, so that the bound is the threads' wait and not their CPU: a platform pair still cold after its
        // short prewarm (on slow cores it does not settle) holds each thread longer by the CPU it queues for, and at half
        // the rate of a 100 ms call that queue is shorter and a smaller part of the hold.
        Preset tiny = TestPreset.named("tiny-app-threads").description("One downstream call of 200 ms behind 4 Tomcat threads and 16 users.")
                .simulation("ScenarioSimulation").users(16).seconds(1, 6, 2).cepLatency("fixed:200").set("tomcatThreads", 4)
                .set("prewarmSeconds", 20).build();
        Path scenario = oneGet(temp, "one downstream call", "/v1/io");
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Application withoutActuator = PessoaAsAStranger.withStubs(HOME, java.util.Map.of("management.endpoints.access.default", "none"));
        ExperimentRunner runner = new ExperimentRunner(RunnerOptions.of(tiny, dir).calibrated(8).progressTo(progress)
                .application(withoutActuator, scenario).build());

        ExperimentResults results = runner.run();

        // Said once, at the start: where the compile time comes from, and what Actuator answered.
        assertThat(progress.toString()).containsOnlyOnce("signals: app's compile time from its JVM's own performance counters")
                .containsOnlyOnce("signals: app's Actuator: GET http://127.0.0.1:").contains("metric endpoints none");
        for (ExperimentResults.CellResult cell : results.cells()) {
            ExperimentResults.RepeatResult run = cell.repeats().getFirst();
            ExperimentResults.Prewarmed prewarm = run.context().prewarm();
            if (prewarm != null) {
                // What its rule reads, read with no Actuator: the compilers' share from the JVM's counters, the
                // throughput from the load generator (whether a short cap lets it settle is the JIT's business).
                assertThat(prewarm.compileShares()).as(cell.id()).containsOnlyKeys("app").doesNotContainValue(null);
                assertThat(prewarm.throughput()).as(cell.id()).isPositive();
            }
            assertThat(run.samples()).as(cell.id()).anyMatch(sample -> sample.containsKey("app.jitMs") && sample.containsKey("load.answered"));
        }
        assertThat(Summary.of(results).model()).extracting(Summary.ModelRow::cell).containsExactlyInAnyOrderElementsOf(
                results.cells().stream().map(ExperimentResults.CellResult::id).toList());

        // Measured on the virtual pair's warm JVMs after its cell: one user's response is the stub's 200 ms and a little.
        assertThat(progress.toString()).contains("Calibrating on the warm services of virtual-16u", "calibration probe: one user");
        assertThat(results.calibration().probe().responseMs()).isBetween(200.0, 240.0);
        Summary.ModelRow threadBound = Summary.of(results).model().stream().filter(m -> m.cell().equals("platform-16u")).findFirst().orElseThrow();
        // In the test's output either way: how near the 15% a passing run came.
        System.out.printf(java.util.Locale.ROOT, "platform-16u: measured %.1f req/s, predicted %.1f (%s), %+.1f%%%n", threadBound.measured(),
                threadBound.predicted(), threadBound.prediction().binding().formula(), threadBound.deviation() * 100);
        assertThat(threadBound.prediction().bottleneck()).as(threadBound.prediction().binding().formula()).isEqualTo(Bottleneck.THREADS);
        assertThat(threadBound.deviation()).as("platform-16u: measured %.1f req/s, predicted %s", threadBound.measured(),
                threadBound.prediction().binding().formula()).isBetween(-0.15, 0.15);
        assertThat(runner.loadGenerators()).isNotEmpty().noneMatch(g -> g.process().isAlive());
    }

    /**
     * The project's own stranger (lab-corpus-app) as the application that once left the lab blind: a global exception
     * handler answers every unknown path 500, Prometheus's endpoint included, while Actuator's metrics endpoint is
     * there; and a context that takes 10 s longer to start, and no database. The lab reads the endpoints from Actuator's
     * links, knows when it is up, settles its prewarm on its JVM's counters and calibrates it from its own side.
     * (Management behind security is ReadinessTest's and ActuatorLinksTest's, on servers answering 401.)
     */
    @Test
    @LongRun
    void anApplicationThatAnswersUnknownPaths500AndStartsSlowlyIsCalibratedFromTheLabsSide(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp)
            throws Exception {
        Path dir = temp.resolve("run");
        Preset tiny = TestPreset.named("tiny-stranger").description("A stranger's application, 100 ms waits behind 4 Tomcat threads and 16 users.")
                .simulation("ScenarioSimulation").users(16).modes("virtual").seconds(1, 4, 1).set("tomcatThreads", 4).set("prewarmSeconds", 20).build();
        Path scenario = oneGet(temp, "work", "/work");
        Application stranger = lab.vthreads.lab.app.CorpusApp.with(HOME, java.util.Map.of("corpus.unknown-paths-500", "true",
                "corpus.start-delay-seconds", "10", "corpus.wait-ms", "100"));
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ExperimentRunner runner = new ExperimentRunner(RunnerOptions.of(tiny, dir).calibrated(6).progressTo(progress).application(stranger, scenario).build());

        ExperimentResults results = runner.run();

        // It did start slowly, and the lab waited for its port.
        try (var files = Files.walk(dir)) {
            assertThat(files.filter(f -> f.getFileName().toString().equals("app.log")).anyMatch(f -> {
                try {
                    return Files.readString(f).contains("slow start: the context waited 10 s");
                } catch (java.io.IOException e) {
                    return false;
                }
            })).as("the application's log says it started slowly").isTrue();
        }
        assertThat(progress.toString()).containsOnlyOnce("signals: app's compile time from its JVM's own performance counters")
                .containsOnlyOnce("signals: the machine's speed from the lab's speed probe on the services' CPUs")
                .contains("/actuator: 200, metric endpoints [metrics]")
                // The requests its prewarm left in flight were read from the kernel's sockets on its port, which it listens on
                // in this machine's tables, not from a Prometheus endpoint it does not have. How many were still there
                // once the load generator had exited is the machine's timing (its 100 ms requests are often all done):
                // DrainTest holds a request open to show the drain waiting for it.
                .doesNotContain("no server listens on port");
        ExperimentResults.RepeatResult run = results.cells().getFirst().repeats().getFirst();
        assertThat(run.client().ko()).as(run.client().koReasons().toString()).isZero();
        ExperimentResults.Prewarmed prewarm = run.context().prewarm();
        assertThat(prewarm.compileShares()).containsOnlyKeys("app").doesNotContainValue(null);
        assertThat(prewarm.throughput()).isPositive();
        System.out.printf(java.util.Locale.ROOT, "the stranger's prewarm: %.0f s, %s%n", prewarm.seconds(), prewarm.settled() ? "settled" : "at its cap");
        assertThat(results.calibration()).isNotNull();
        // One user alone: the 100 ms wait and a little.
        assertThat(results.calibration().probe().responseMs()).isBetween(100.0, 140.0);
        assertThat(Summary.of(results).model()).extracting(Summary.ModelRow::cell).containsExactlyInAnyOrderElementsOf(
                results.cells().stream().map(ExperimentResults.CellResult::id).toList());
        assertThat(runner.loadGenerators()).isNotEmpty().noneMatch(g -> g.process().isAlive());
    }

    /**
     * A cold start that deadlocks on virtual threads (lab-corpus-app's {@code corpus.cold-start-deadlock}: every carrier
     * pinned in a static initialiser, BLOCKED on a monitor that an unmounted virtual thread holds). The platform pair
     * answered the same flow, so the lab does not blame the scenario: it dumps the hung JVM, names the deadlock as the
     * virtual mode's result, and keeps and reports the platform cell. Before it all, the start-up check starts the
     * virtual JVM once more, fresh, and counts its start as hung, dumped and named (the count itself: StartupCheckTest);
     * then the platform JVM once, the control a hang calls for.
     */
    @Test
    @LongRun
    void aColdStartThatDeadlocksIsTheVirtualModesResultAndThePlatformCellIsKept(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp) throws Exception {
        Path dir = temp.resolve("run");
        Preset tiny = TestPreset.named("tiny-cold-start").description("A stranger whose first request on virtual threads deadlocks its JVM.")
                .simulation("ScenarioSimulation").users(2).modes("platform", "virtual").seconds(1, 4, 1).set("prewarmSeconds", 0)
                // The corpus deadlocks up to two carriers, as many as this project's machine gives a JVM; a larger one would give more.
                .set("carriers", 2).set("startupChecks", 1).build();
        Path scenario = oneGet(temp, "cold", "/cold");
        Application stranger = lab.vthreads.lab.app.CorpusApp.with(HOME, java.util.Map.of("corpus.cold-start-deadlock", "true"));
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ExperimentRunner runner = new ExperimentRunner(RunnerOptions.of(tiny, dir).progressTo(progress).application(stranger, scenario).build());

        ExperimentResults results = runner.run();
        ResultsFiles.write(dir, results);

        ExperimentResults.CellResult platform = results.cells().stream().filter(c -> c.mode() == lab.vthreads.lab.stack.ThreadMode.PLATFORM).findFirst().orElseThrow();
        ExperimentResults.CellResult virtual = results.cells().stream().filter(c -> c.mode() == lab.vthreads.lab.stack.ThreadMode.VIRTUAL).findFirst().orElseThrow();
        assertThat(platform.repeats()).hasSize(1);
        assertThat(platform.repeats().getFirst().client().ko()).isZero();
        assertThat(platform.coldStarts()).isEmpty();
        assertThat(virtual.repeats()).isEmpty();
        ExperimentResults.ColdStart hung = virtual.coldStarts().getFirst();
        assertThat(hung.hung()).isTrue();
        // Proved from a thread dump seconds after the last answer, not waited out for the requests' 30 s.
        assertThat(hung.requests()).contains("a thread dump of app proved a deadlock");
        assertThat(hung.stalled()).containsOnlyKeys("app");
        assertThat(hung.stalled().get("app")).startsWith("every carrier").contains("ColdStartDeadlock$").doesNotContain("known cause");
        assertThat(dir.resolve(hung.dumps().get("app"))).isNotEmptyFile();
        assertThat(virtual.failures()).singleElement().asString().contains("deadlocked at cold start");
        // The verdict states it as the virtual mode's result; the report is written; the scenario is not blamed.
        assertThat(String.join("\n", Summary.of(results).verdict().lines())).contains("virtual: deadlocked at cold start", "**Cold start failed**");
        assertThat(dir.resolve("index.html")).isNotEmptyFile();
        assertThat(ExperimentRunIT.ResultsFilesSchema.validate(dir.resolve("results.json"))).isEmpty();
        assertThat(progress.toString()).doesNotContain("Correct the scenario");
        // The start-up check: the virtual JVM started once more, fresh, with the cells' carriers, and deadlocked every
        // carrier; so the platform JVM, the control for a hang the dump cannot explain, was not started.
        assertThat(results.startupChecks()).extracting(StartupCheck::stack).containsExactly("virtual");
        assertThat(progress.toString()).contains("start-up check: virtual, start 1: HUNG", "start-up check: platform not started: every start "
                + "with virtual threads that hung was a deadlock of their carriers").doesNotContain("start-up check: platform, start 1");
        StartupCheck virtualStarts = results.startupChecks().getFirst();
        assertThat(virtualStarts.starts()).hasSize(1).allSatisfy(s -> {
            assertThat(s.outcome()).isEqualTo(StartupCheck.Outcome.HUNG);
            assertThat(s.requests()).contains("a thread dump of app proved a deadlock");
            assertThat(s.carriers()).isEqualTo(2);
            assertThat(s.stalled().get("app")).startsWith("every carrier (2 of 2) blocked").contains("ColdStartDeadlock$");
            assertThat(dir.resolve(s.dumps().get("app"))).isNotEmptyFile();
        });
        assertThat(virtualStarts.text()).startsWith("virtual: 1 of 1 starts hung (95% interval 21-100%), 1 deadlocked at cold start, 2 carriers");
        assertThat(Summary.of(results).verdict().startups()).hasSize(2).last().asString()
                .isEqualTo("platform: not started, the control for a hang, and each hang was a deadlock of the virtual threads' carriers, which a platform JVM cannot have");
        assertThat(runner.loadGenerators()).isNotEmpty().noneMatch(g -> g.process().isAlive());
    }

    /** A path the application does not serve: one clear error before anything is measured, and nothing left listening. */
    @Test
    void aScenarioTheApplicationDoesNotServeStopsTheRunBeforeAnyCell(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp) throws Exception {
        Preset tiny = TestPreset.named("tiny-app-unserved").description("A scenario with a path the application does not serve.")
                .simulation("ScenarioSimulation").users(2).modes("virtual").set("prewarmSeconds", 15).build();
        Path scenario = Files.writeString(temp.resolve("scenario.yaml"), """
                scenarios:
                  - name: count, then nowhere
                    flow:
                      - get: /v1/pessoas/count
                      - get: /v1/nowhere
                """);
        StackSettings.StackPorts ports = FreePorts.stack();
        ExperimentRunner runner = new ExperimentRunner(RunnerOptions.of(tiny, temp.resolve("run")).ports(ports)
                .application(PessoaAsAStranger.withStubs(HOME), scenario).build());

        assertThatThrownBy(runner::run).isInstanceOf(StartFailure.class)
                .hasMessageContaining("the scenario failed against the application before anything was measured")
                .hasMessageContaining("GET /v1/nowhere: status 404 (expected 2xx)");

        assertThat(runner.loadGenerators()).isNotEmpty().noneMatch(g -> g.process().isAlive());
        for (int port : List.of(ports.gateway(), ports.gatewayManagement(), ports.wiremock(), ports.postgres())) {
            try (ServerSocket free = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                assertThat(free.isBound()).as("port " + port).isTrue();
            }
        }
    }

    /** A scenario of one flow that GETs one path. */
    private static Path oneGet(Path temp, String flow, String path) throws java.io.IOException {
        return Files.writeString(temp.resolve("scenario.yaml"), """
                scenarios:
                  - name: %s
                    flow:
                      - get: %s
                """.formatted(flow, path));
    }
}
