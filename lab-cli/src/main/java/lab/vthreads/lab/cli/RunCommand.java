package lab.vthreads.lab.cli;

import lab.vthreads.lab.experiment.Environments;
import lab.vthreads.lab.micro.ExecutorMicro;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.prewarm.CompilingWindow;
import lab.vthreads.lab.experiment.ExperimentRunner;
import lab.vthreads.lab.experiment.ExternalRunner;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.report.MicroReport;
import lab.vthreads.lab.report.ConsoleSummary;
import lab.vthreads.lab.report.ResultsFiles;
import lab.vthreads.lab.report.SummaryMarkdown;
import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.stack.ApplicationArguments;
import lab.vthreads.lab.stack.ThreadMode;
import lab.vthreads.scenario.ScenarioException;
import lab.vthreads.scenario.ScenarioReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a platform-vs-virtual experiment (a preset) end to end and writes results/<timestamp>-<preset>/",
                "with results.json, summary.md and index.html. With no options: the default preset on warm services; it says how long it expects to take when it starts."})
public final class RunCommand implements Callable<Integer> {

    @Option(names = "--preset", defaultValue = "default", description = "a name from presets/ or a path to a preset YAML (default: ${DEFAULT-VALUE})")
    String preset;

    @Option(names = "--list-presets", description = "list the presets and exit")
    boolean listPresets;

    @Option(names = "--short", description = "use the preset's scaled-down durations (the report says so)")
    boolean shortVariant;

    @Option(names = "--repeat", description = "runs per cell, interleaved across cells (default: the preset's)")
    Integer repeat;

    @Option(names = "--users", split = ",", description = "concurrent users levels, e.g. 20,200 (default: the preset's)")
    List<Integer> users;

    @Option(names = "--modes", split = ",", paramLabel = "MODE", completionCandidates = ModeLabels.class,
            description = "the modes whose cells run, of ${COMPLETION-CANDIDATES} (default: the preset's)")
    List<ThreadMode> modes;

    @Option(names = "--variants", split = ",", paramLabel = "NAME", description = "run only these of the preset's variants, e.g. "
            + "jdk25-synchronized (default: all); a run of one level counts, for the noise between runs, with earlier runs of the same cells")
    List<String> variants;

    @Option(names = "--hold", description = "measured hold seconds (default: the preset's)")
    Integer hold;

    @Option(names = "--warmup", description = "warm-up seconds before each measured run (default: the preset's)")
    Integer warmup;

    @Option(names = "--prewarm", paramLabel = "MAX_SECONDS", description = "before the cells measured on a pair of fresh service JVMs (one pair "
            + "per mode and factors), load them with those cells' most users until their JIT compilers settle (at work under "
            + lab.vthreads.lab.measured.ExperimentResults.Prewarmed.SETTLED_PERCENT + "%% of the last 10 s) "
            + "and their throughput too (within 5%% of the 10 s before), for at most this long, then run their first cell once, not counted; "
            + "0: only each run's warm-up (default: the preset's, or 0)")
    Integer prewarm;

    @Option(names = "--startup-checks", paramLabel = "N", description = "before anything else, start the JVMs of each mode with virtual threads "
            + "(each variant's) N times, fresh, and send each a burst of every flow at once while cold (its cells' most users, the flows in turn): the report says how many "
            + "starts hung, with the rate's 95%% interval, and what the thread dumps of the hung ones name; the platform mode's JVMs, the control, N times too once one "
            + "hung; 0: none (default: the preset's, or 0)")
    Integer startupChecks;

    @Option(names = "--aa-control", paramLabel = "MODE", description = "run this mode's cells twice (where the preset says aaControlUsers: "
            + "highest, only its highest level's), the copy last on the same JVMs: the report gives the A/A spread and calls a virtual ÷ "
            + "platform difference inside it noise (default: the preset's, or none)")
    ThreadMode aaControl;

    @Mixin
    ExpectOptions expect;

    @Mixin
    FactorOptions factors;

    @Mixin
    ApplicationOptions application;

    @Option(names = "--scenario", paramLabel = "FILE", description = "with --app: what one user of your application does (docs/scenarios.md)")
    Path scenario;

    @Option(names = "--steal-threshold", defaultValue = "0.05", description = "flag a run whose hypervisor steal exceeds this share (default: ${DEFAULT-VALUE})")
    double stealThreshold;

    @Option(names = "--no-rerun-on-steal", description = "keep a flagged run instead of running it again")
    boolean noRerun;

    @Option(names = "--no-rerun-while-compiling", description = "keep a window in which a service's compilers were at work for more than "
            + "the prewarm's settled share instead of measuring the cell again on the same JVMs")
    boolean keepCompilingWindows;

    @Option(names = "--scale", description = "after calibrating, move the preset's published scenario to this machine: keep its "
            + "thread-bound to CPU-bound ratio by scaling Tomcat threads and users (the report says what changed)")
    boolean scale;

    @Option(names = "--isolation", defaultValue = "auto", paramLabel = "auto|cgroup|affinity|off",
            description = {"keep the load generator (and the CEP mock and the lab) off the services' CPUs: cgroup puts each component "
                    + "in CPU cgroups of its own (its side's CPUs, equal weight, quotas), affinity only pins the sides with taskset, off "
                    + "shares every CPU per thread. auto: cgroups where the machine allows, else affinity (default: ${DEFAULT-VALUE})"})
    Isolation.Request isolation;

    @Option(names = "--calibration-seconds", defaultValue = "30", description = "length of each of the calibration's measured runs; 0 skips "
            + "the calibration, and the report then has no capacity model (default: ${DEFAULT-VALUE})")
    int calibrationSeconds;

    @Option(names = "--recalibrate", description = "measure the calibration even if an earlier run kept one for this build, JDK, machine, "
            + "CPU partition and calibrated cell (kept in results/.calibrations/)")
    boolean recalibrate;

    @Option(names = "--target", paramLabel = "FILE", description = "run against stacks the lab does not start: a YAML file with each "
            + "thread mode's gateway and management URLs (and optionally its jdbcUrl and the CEP mock's cepAdmin); no calibration, "
            + "no per-process CPU of the services, and only the thread mode, users and CEP latency applied (the report says so)")
    Path target;

    @Option(names = "--results", description = "where to write (default: results/<timestamp>-<preset>)")
    Path results;

    @Mixin
    PortOptions ports;

    @Mixin
    LabHome home;

    @Override
    public Integer call() throws Exception {
        Path root = home.root();
        PrintStream out = System.out;
        if (listPresets) {
            for (Preset p : Preset.all(root)) {
                out.printf("%-14s %s%s%n", p.name(), p.description(), p.shortVariant() != null || p.isMicroBenchmark() ? " [--short available]" : "");
            }
            return 0;
        }
        Application app;
        try {
            app = application.application();
            if (app == null && scenario != null) throw new IllegalArgumentException("--scenario goes with --app JAR: the lab's own presets name their simulations");
        } catch (IllegalArgumentException e) {
            System.err.println("lab run: " + e.getMessage());
            return 2;
        }
        // With --app the experiment's own preset is 'app', unless another is named.
        Preset chosen = Preset.resolve(root, app != null && preset.equals("default") ? "app" : preset);
        chosen = (shortVariant ? chosen.shortened() : chosen).with(new Preset.Overrides(users, modes, hold, warmup, repeat, aaControl, prewarm, variants, startupChecks), factors.factors());
        Path directory = results != null ? results.toAbsolutePath() : home.newFolder("results", chosen.name());
        Instant start = Instant.now();
        if (app != null) {
            String refused = refusedForApplication(chosen, app, root, directory);
            if (refused != null) {
                System.err.println("lab run: " + refused);
                return 2;
            }
        }
        if (chosen.isMicroBenchmark()) {
            return runMicro(chosen, root, directory, start, out);
        }
        if (target != null) {
            return runExternal(chosen, root, directory, start, out);
        }
        ExperimentRunner runner = new ExperimentRunner(new ExperimentRunner.Options(chosen, shortVariant, root, directory,
                ports.ports(), stealThreshold, !noRerun, calibrationSeconds, recalibrate, scale, isolation, out, app,
                app != null ? scenario.toAbsolutePath() : null, keepCompilingWindows ? CompilingWindow.NEVER : CompilingWindow.RERUN_ABOVE));
        int runs = runner.cells().size() * chosen.repeat();
        out.printf("Experiment '%s'%s: %s%d cells × %d repeat(s) = %d measured runs, about %d min; results in %s%n", chosen.name(),
                shortVariant ? " (short)" : "", runner.estimateCalibration().isZero() ? "" : "calibration + ", runner.cells().size(), chosen.repeat(), runs,
                Math.round((runner.estimateRuns().toSeconds() + runner.estimateCalibration().toSeconds()) / 60.0),
                root.relativize(directory));
        String notice = measurementNotice(lab.vthreads.lab.metrics.SystemStats.SYSTEM);
        if (notice != null) out.println(notice);
        ExperimentResults experiment;
        Thread stopper = new Thread(() -> {
            System.out.println("\nStopping the experiment: the load generator, the services, PostgreSQL and the CEP API...");
            runner.abort();
            System.out.println("All components stopped; the results folder keeps what was measured so far.");
        }, "lab-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            experiment = runner.run();
        } catch (StartFailure e) {
            System.err.println("lab run failed: " + e.getMessage());
            return 1;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopper);
            } catch (IllegalStateException shuttingDown) {
                // the hook is already running: it stops everything
            }
        }
        return report(experiment, directory, start, out);
    }

    /**
     * Why this run cannot measure the application, checked before anything starts; null when it can. The scenario is
     * read whole here, with the reader the load generator runs it with.
     */
    private String refusedForApplication(Preset chosen, Application app, Path root, Path directory) {
        if (scenario == null) return "--app needs --scenario FILE: what one user of your application does (docs/scenarios.md)";
        try {
            ScenarioReader.read(scenario);
        } catch (ScenarioException e) {
            return e.getMessage();
        }
        if (!chosen.simulation().equals("ScenarioSimulation")) {
            return "preset " + chosen.name() + " runs " + chosen.simulation() + ", the lab's own service's load; with --app use a preset whose simulation is "
                    + "ScenarioSimulation (the default with --app: app)";
        }
        if (target != null || scale || chosen.hasFaults() || chosen.isMicroBenchmark()) {
            return "--app runs the lab's experiment on your jar: not with --target, --scale, a fault preset or a micro-benchmark";
        }
        try {
            chosen.cells().forEach(cell -> {
                ApplicationArguments.checkFactors(cell.factors());
                lab.vthreads.lab.stack.SystemUnderTest.of(cell.mode(), app);
            });
            ApplicationArguments.checkProperties(new lab.vthreads.lab.stack.StackSettings(ThreadMode.VIRTUAL, null, ports.ports(), null, null, root,
                    directory).withApplication(app));
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return null;
    }

    private Integer runExternal(Preset chosen, Path root, Path directory, Instant start, PrintStream out) throws Exception {
        if (scale) throw new IllegalArgumentException("--scale needs the calibration, which needs a stack the lab starts: drop --target or --scale");
        ExternalRunner runner = new ExternalRunner(new ExternalRunner.Options(chosen, shortVariant, root, directory, target.toAbsolutePath(),
                stealThreshold, out));
        out.printf("Experiment '%s'%s against the stacks in %s: %d cells × %d repeat(s), no calibration; results in %s%n", chosen.name(),
                shortVariant ? " (short)" : "", target, chosen.cells().size(), chosen.repeat(), root.relativize(directory));
        Thread stopper = new Thread(runner::abort, "lab-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        ExperimentResults experiment;
        try {
            experiment = runner.run();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopper);
            } catch (IllegalStateException shuttingDown) {
                // the hook is already running
            }
        }
        return report(experiment, directory, start, out);
    }

    private Integer runMicro(Preset chosen, Path root, Path directory, Instant start, PrintStream out) throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        out.printf("Micro-benchmark '%s'%s on %d cores: each scenario once unmeasured, then %d times; results in %s%n", chosen.name(),
                shortVariant ? " (short)" : "", cores, chosen.executorMicro().runs(), root.relativize(directory));
        ExecutorMicro.Result result = new ExecutorMicro(chosen.executorMicro(), cores).run();
        MicroReport.write(directory, new MicroReport.MicroResults(chosen.name(), chosen.description(), shortVariant, start.toString(),
                Environments.describeJvm(), chosen.executorMicro(), result));
        result.scenarios().forEach(sc -> out.printf("%-12s %-26s median %,8.0f ms  minimum %,8.0f ms  (%.2f×)%s%n", sc.name(), sc.executor(),
                sc.medianMs(), sc.theoreticalMinMs(), sc.overFloor(), sc.publishedMs() != null ? String.format("  published %,.0f ms", sc.publishedMs()) : ""));
        finished(out, start, directory);
        return 0;
    }

    /** A measured run's files and console summary, managed or external; its exit status. */
    private int report(ExperimentResults experiment, Path directory, Instant start, PrintStream out) {
        lab.vthreads.lab.report.Summary summary = ResultsFiles.write(directory, experiment);
        ConsoleSummary.print(out, summary);
        out.print(SummaryMarkdown.faults(experiment));
        finished(out, start, directory);
        String stages = lab.vthreads.lab.measured.StageClock.describe(experiment.stageSeconds());
        if (stages != null) out.println("Where the time went: " + stages + ".");
        if (experiment.cells().stream().allMatch(c -> c.repeats().isEmpty())) {
            // The report says why each cell did not run; a script must not read "measured" from the exit status.
            System.err.println("lab run failed: no cell ran. The first reason: "
                    + experiment.cells().stream().flatMap(c -> c.failures().stream()).findFirst().orElse("none recorded"));
            return 1;
        }
        return expect.check(out, experiment, summary);
    }

    private static void finished(PrintStream out, Instant start, Path directory) {
        Duration took = Duration.between(start, Instant.now());
        out.printf("%nDone in %d min %02d s. Report: %s%n", took.toMinutes(), took.toSecondsPart(), directory.resolve("index.html"));
    }

    /**
     * What a run says at its start about the figures this machine cannot give: a warning where nothing reads the
     * processes (every CPU and memory figure will be "not measured"), a note where OSHI stands in for /proc; null on Linux.
     */
    static String measurementNotice(lab.vthreads.lab.metrics.SystemStats stats) {
        if (!stats.available()) {
            return "Warning: neither /proc nor OSHI can read this system's processes: every process's CPU and memory, the "
                    + "machine's CPU and steal, and so the capacity model's CPU bounds will be reported as not measured.";
        }
        if (!(stats instanceof lab.vthreads.lab.metrics.ProcStats)) {
            return "Note: no /proc here; process CPU and memory come from " + stats.source()
                    + ". The CPU partition (cgroups or taskset) is Linux's: without it the load generator shares the services' CPUs, and the "
                    + "report says so.";
        }
        return null;
    }
}
