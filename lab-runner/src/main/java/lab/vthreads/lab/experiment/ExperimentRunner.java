package lab.vthreads.lab.experiment;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.StackPlan;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.RunIdentity;
import lab.vthreads.lab.measured.StageClock;
import lab.vthreads.lab.measured.StageClock.Stage;
import lab.vthreads.lab.measured.StartupCheck;
import lab.vthreads.lab.prewarm.CompilingWindow;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.faults.Fault;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.isolation.Isolations;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.model.ScaledScenario;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.stack.ResourceLimit;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.SystemUnderTest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs a preset: PostgreSQL and the CEP API once, the calibration, then for every repeat each pair of service JVMs
 * of {@link StackPlan} (the modes alternating across repeats, so drift in the machine's speed hits both alike): fresh
 * services, a prewarm until they settle where the preset asks for one, then each of its cells in turn with an empty
 * database, a warm-up and the measured load with sampling, and a stop. A run under more hypervisor steal than the
 * threshold is flagged and, by default, run again on the same services.
 */
public final class ExperimentRunner {

    /**
     * @param calibrationSeconds how long each of the calibration's measured runs holds its load
     * @param recalibrate        measure the calibration even if one is kept for this fingerprint (CalibrationCache)
     * @param scale              move the preset's published scenario to this machine after calibrating (ScaledScenario)
     * @param application        a user's application to run instead of the lab's services; null: the lab's own
     * @param scenario           the scenario file ScenarioSimulation runs on it
     * @param compilingRerunAbove a cell whose window a service's compilers took more than this share of is measured once
     *                           more on the same JVMs ({@link CompilingWindow}; {@link CompilingWindow#NEVER}: never)
     */
    public record Options(Preset preset, boolean shortVariant, Path home, Path resultsDirectory, StackSettings.StackPorts ports,
                          double stealThreshold, boolean rerunOnSteal, int calibrationSeconds, boolean recalibrate, boolean scale, Isolation.Request isolation,
                          PrintStream out, lab.vthreads.lab.app.Application application, Path scenario, double compilingRerunAbove) {

        public Options {
            if (scale && calibrationSeconds == 0) throw new IllegalArgumentException("--scale needs the calibration: drop --calibration-seconds 0");
            if (scale && preset.hasFaults()) {
                throw new IllegalArgumentException("Preset " + preset.name() + " injects faults and measures no capacity model: it cannot be --scale'd");
            }
            if (application != null && (scale || preset.hasFaults() || scenario == null)) {
                throw new IllegalArgumentException("A user's application runs with a scenario, no --scale (no published figures) and no faults");
            }
            if (scale && (preset.published() == null || preset.published().scaling() == null)) {
                throw new IllegalArgumentException("Preset " + preset.name() + " has no published thread and CPU bounds to scale (published.scaling)");
            }
        }

        /**
         * What the services' users do, as a scenario file: the user's, or the lab's own services' flows written as one
         * (examples/pessoa-as-your-app), so that a burst takes one path whatever the services are.
         */
        Path flows() {
            return scenario != null ? scenario : home.resolve("examples/pessoa-as-your-app/scenario.yaml");
        }

        /** The lab's own services. */
        public Options(Preset preset, boolean shortVariant, Path home, Path resultsDirectory, StackSettings.StackPorts ports, double stealThreshold,
                       boolean rerunOnSteal, int calibrationSeconds, boolean recalibrate, boolean scale, Isolation.Request isolation, PrintStream out) {
            this(preset, shortVariant, home, resultsDirectory, ports, stealThreshold, rerunOnSteal, calibrationSeconds, recalibrate, scale, isolation, out,
                    null, null, CompilingWindow.RERUN_ABOVE);
        }
    }

    private final Options options;
    private final Progress progress;
    private volatile LoadGenerators load;
    private final Instant started = Instant.now();
    private final StageClock clock = new StageClock();
    private Preset preset;
    private List<Cell> cells;
    // What abort() must stop when the JVM is asked to exit mid-run (a shutdown hook cannot rely on finally blocks).
    private volatile RunningStack running;
    private volatile Isolation isolation;
    private volatile boolean aborted;

    public ExperimentRunner(Options options) {
        this.options = options;
        this.progress = new Progress(options.out());
        this.preset = options.preset();
        this.cells = preset.cells();
    }

    /**
     * Stops whatever is running (the load generator, then the services and the infrastructure, each by its PID):
     * for a shutdown hook, because on SIGTERM or Ctrl-C the JVM exits without running the experiment's finally blocks.
     */
    public void abort() {
        aborted = true;
        LoadGenerators generators = load;
        if (generators != null) generators.abort();
        RunningStack stack = running;
        if (stack != null) stack.close();
        // With every component stopped, the cgroups can go too: a shutdown hook may be the last code that runs.
        Isolation partition = isolation;
        if (partition != null) partition.close();
    }

    /** Every load-generator process this runner started (for tests that check nothing outlives it). */
    List<ManagedProcess> loadGenerators() {
        LoadGenerators generators = load;
        return generators != null ? generators.started() : List.of();
    }

    RunningStack runningStack() {
        return running;
    }

    public List<Cell> cells() {
        return List.copyOf(cells);
    }

    /** Roughly how long the measured runs take here, with the start-up check and without the calibration. */
    public Duration estimateRuns() {
        RunTimeEstimate estimate = new RunTimeEstimate(preset, cells);
        return estimate.runs().plus(estimate.startupChecks());
    }

    /** Faults restart components mid-run and are read per cell: each of their cells gets services of its own. */
    private boolean sharesStacks() {
        return !preset.hasFaults();
    }

    public Duration estimateCalibration() {
        return CalibrationSchedule.of(options, preset, cells, progress).stream().map(CalibrationSchedule::estimate).reduce(Duration.ZERO, Duration::plus);
    }

    public ExperimentResults run() throws Exception {
        Files.createDirectories(options.resultsDirectory());
        Map<StackSettings.Component, ResourceLimit> limits = ResourceLimit.parseAll(preset.limits());
        try (Isolation isolation = Isolations.create(options.isolation(), quotas(limits), line -> options.out().println(line))) {
            this.isolation = isolation;
            isolation.placeSelf();
            load = new LoadGenerators(options.home(), preset.simulation(), isolation.prefix("gatling"),
                    options.scenario() != null ? Map.of(lab.vthreads.infra.load.LoadProperty.SCENARIO.key(), options.scenario().toString()) : Map.of());
            if (aborted) load.abort();
            StackSettings settings = new StackSettings(cells.getFirst().mode(), cells.getFirst().factors(), options.ports(), limits, null,
                    options.home(), options.resultsDirectory().resolve("infra")).withApplication(options.application());
            boolean refusesConnections = preset.faults() != null && preset.faults().stream().anyMatch(f -> f.kind() == Fault.Kind.CEP_FAULTS);
            return run(refusesConnections ? settings.withCepRefusable() : settings, isolation);
        }
    }

    /** The CPU quotas a preset's limits ask for, by component, in cores. */
    private static Map<String, Double> quotas(Map<StackSettings.Component, ResourceLimit> limits) {
        Map<String, Double> quotas = new LinkedHashMap<>();
        limits.forEach((component, limit) -> quotas.put(component.label(), limit.cpus()));
        return quotas;
    }

    private ExperimentResults run(StackSettings base, Isolation isolation) throws Exception {
        Files.createDirectories(base.runDirectory());
        Partition partition = isolation.partition();
        ExperimentResults.Environment environment;
        Map<String, Calibration> calibrations = new LinkedHashMap<>();
        PairOfJvms.Tally tally;
        List<StartupCheck> startupChecks;
        ScaledScenario scaled = null;
        try (RunningStack stack = clock.time(Stage.INFRASTRUCTURE, () -> RunningStack.startInfrastructure(base, isolation))) {
            running = stack;
            // Beside every window from here on: the speed of the services' CPUs that the window's costs were measured at.
            stack.startSpeedProbe();
            stack.trainOn(new TrafficTrainer(load, progress, options.home(), preset.simulation(), options.scenario(),
                    cells.stream().mapToInt(Cell::users).max().orElse(1)));
            environment = Environments.describe(options.home(), base.system(), stack, partition.machineCpuCount());
            // Said once, as each signal's source is: the probe's, or why no window will carry the machine's speed.
            progress.noteOnce(stack.speedProbeStopped().map(why -> "signals: the machine's speed is not measured: " + why)
                    .orElse("signals: the machine's speed from the lab's speed probe on the services' CPUs"));
            int cores = environment.cores();
            if (!environment.servedByTomcat()) {
                progress.note("Warning: " + base.system().versionsJar(options.home()).getFileName() + " is served by " + environment.applicationServer()
                        + ", not Tomcat: --tomcat-threads sets nothing there and the model gives platform threads no thread bound; "
                        + "spring.threads.virtual.enabled reaches only what Spring Boot runs for it (its task executors, for one)");
            }
            // Before anything warms the machine's caches or the calibration starts a pair: each start as cold as a fresh pod's.
            // What a start depends on is what a calibration does, with the burst's timeout in the calibration's length's place.
            KeptStarts kept = new KeptStarts(options.resultsDirectory().getParent(), kind -> "startup-" + lab.vthreads.lab.calibration.CalibrationCache
                    .fingerprint(options.home(), preset, kind, (int) lab.vthreads.lab.run.ScenarioCheck.REQUEST_TIMEOUT.toSeconds(), partition, cores,
                            SystemUnderTest.of(kind.mode(), options.application()), options.scenario()));
            startupChecks = preset.startupChecks() == 0 ? List.of() : clock.time(Stage.STARTUP_CHECK, () -> new RepeatedStarts(
                    preset.startupChecks(), load, options.flows(), options.home().resolve("wiremock/ceps.csv"),
                    options.resultsDirectory(), progress, kept).run(stack, base, cells));
            // The first cell's implementation's calibration first: --scale sizes the cells from it.
            CalibrationSchedule schedule = CalibrationSchedule.of(options, preset, cells, progress).getFirst();
            Calibration calibration = clock.time(Stage.CALIBRATION, () -> schedule.beforeCells(stack, base, load, partition, cores));
            if (options.scale()) {
                scaled = scale(calibration, partition);
                Calibration beforeSizing = calibration;
                calibration = clock.time(Stage.CALIBRATION, () -> schedule.afterSizing(cells, beforeSizing, partition, cores));
                if (schedule.remeasuresAfterSizing()) {
                    scaled = scaled.withNote("That bound was measured on fresh services before the cells; the model's calibration is measured "
                            + "again after them, on their warm services.");
                }
            }
            // Only now are the cells final: --scale replaces them with the machine's Tomcat threads and users.
            tally = new PairOfJvms.Tally(cells);
            List<CalibrationSchedule> schedules = new ArrayList<>(CalibrationSchedule.of(options, preset, cells, progress));
            schedules.set(0, schedule); // the first keeps what --scale told it; the others see the cells as sized
            Map<CalibrationSchedule, Calibration> beforeCells = new LinkedHashMap<>();
            beforeCells.put(schedule, calibration);
            for (CalibrationSchedule other : schedules.subList(1, schedules.size())) {
                beforeCells.put(other, clock.time(Stage.CALIBRATION, () -> other.beforeCells(stack, base, load, partition, cores)));
            }
            for (int repeat = 1; repeat <= preset.repeat(); repeat++) {
                List<StackPlan.Group> groups = StackPlan.of(cells, repeat, sharesStacks());
                for (int g = 0; g < groups.size(); g++) {
                    StackPlan.Placed placed = new StackPlan.Placed(repeat, g, groups.get(g));
                    CalibrationSchedule hosted = schedules.stream().filter(s -> s.hosts(placed)).findFirst().orElse(null);
                    new PairOfJvms(options, preset, cells, load, progress, isolation, started, tally, clock).run(stack, base, groups.get(g), repeat,
                            hosted != null ? snapshot -> clock.time(Stage.CALIBRATION, () -> hosted.onHost(stack, base, load, partition, cores, snapshot))
                                    : null);
                }
            }
            tally.requireScenarioServedSomewhere();
            for (CalibrationSchedule s : schedules) {
                Calibration after = clock.time(Stage.CALIBRATION, () -> s.afterCells(stack, base, load, partition, cores, beforeCells.get(s)));
                if (after != null) calibrations.put(s.implementation(), after);
            }
        }
        deleteRecursively(base.runDirectory().resolve("postgres-data"));
        return ExperimentResults.assemble(preset, options.shortVariant(), started, environment, calibrations,
                cell -> SystemUnderTest.of(cell.mode(), options.application()).implementation(),
                cell -> SystemUnderTest.of(cell.mode(), options.application()).sampleNames(), scaled, partition, tally.results(),
                tally.failures(), tally.coldStarts(), startupChecks, null,
                RunIdentity.of(options.home(), base.system(), options.scenario(), partition, environment.cores()), clock);
    }

    /** {@code --scale}: the run goes on with the preset sized from the calibration, and says how. */
    private ScaledScenario scale(Calibration calibration, Partition partition) {
        Scaling scaling = Scaling.of(preset, calibration, partition);
        progress.scaled(scaling.scenario().explanation());
        preset = scaling.preset();
        cells = preset.cells();
        return scaling.scenario();
    }

    /** The embedded database's files are scratch, not results: tens of MB per experiment. */
    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) return;
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
