package lab.vthreads.lab.experiment;

import lab.vthreads.lab.faults.Fault;
import lab.vthreads.lab.faults.FaultInjector;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.isolation.Isolations;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.model.ScaledScenario;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ResourceLimit;
import lab.vthreads.lab.stack.Stack;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.ThreadMode;

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
     */
    public record Options(Preset preset, boolean shortVariant, Path home, Path resultsDirectory, StackSettings.StackPorts ports,
                          double stealThreshold, boolean rerunOnSteal, int calibrationSeconds, boolean recalibrate, boolean scale, Isolation.Request isolation,
                          PrintStream out, lab.vthreads.lab.app.Application application, Path scenario) {

        /** The lab's own services. */
        public Options(Preset preset, boolean shortVariant, Path home, Path resultsDirectory, StackSettings.StackPorts ports, double stealThreshold,
                       boolean rerunOnSteal, int calibrationSeconds, boolean recalibrate, boolean scale, Isolation.Request isolation, PrintStream out) {
            this(preset, shortVariant, home, resultsDirectory, ports, stealThreshold, rerunOnSteal, calibrationSeconds, recalibrate, scale, isolation, out,
                    null, null);
        }
    }

    private final Options options;
    private final Progress progress;
    private volatile LoadGenerators load;
    private final Instant started = Instant.now();
    private Preset preset;
    private List<Cell> cells;
    private int runsDone;
    // What abort() must stop when the JVM is asked to exit mid-run (a shutdown hook cannot rely on finally blocks).
    private volatile Stack running;
    private volatile Isolation isolation;
    private volatile boolean aborted;
    /** Whether a user's scenario has been tried against the application (ScenarioCheck): once per run. */
    private boolean scenarioChecked;

    /** The calibration the cells are predicted from, once measured or reused; null without one. */
    private volatile Calibration model;

    public ExperimentRunner(Options options) {
        this.options = options;
        this.progress = new Progress(options.out());
        this.preset = options.preset();
        if (options.scale() && options.calibrationSeconds() == 0) {
            throw new IllegalArgumentException("--scale needs the calibration: drop --calibration-seconds 0");
        }
        if (options.scale() && preset.hasFaults()) {
            throw new IllegalArgumentException("Preset " + preset.name() + " injects faults and measures no capacity model: it cannot be --scale'd");
        }
        if (options.application() != null && (options.scale() || preset.hasFaults() || options.scenario() == null)) {
            throw new IllegalArgumentException("A user's application runs with a scenario, no --scale (no published figures) and no faults");
        }
        if (options.scale() && (preset.published() == null || preset.published().scaling() == null)) {
            throw new IllegalArgumentException("Preset " + preset.name() + " has no published thread and CPU bounds to scale (published.scaling)");
        }
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
        Stack stack = running;
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

    Stack runningStack() {
        return running;
    }

    public List<Cell> cells() {
        return List.copyOf(cells);
    }

    /** Roughly how long the measured runs take here, calibration aside. */
    public Duration estimateRuns() {
        long stacks = 0;
        for (int repeat = 1; repeat <= preset.repeat(); repeat++) stacks += StackPlan.of(cells, repeat, sharesStacks()).size();
        return Duration.ofSeconds(stacks * perStackSeconds() + (long) cells.size() * preset.repeat() * perRunSeconds());
    }

    /**
     * A pair of services' start and stop (8-9 s here, from their AOT caches on both CPUs), and a prewarm with its own
     * Gatling JVM and drain where the preset asks for one: what a prewarm takes is what the services need, up to the
     * cap; the default preset's settled in 47-76 s here.
     */
    private long perStackSeconds() {
        return 12 + (preset.prewarmSeconds() > 0 ? Math.min(preset.prewarmSeconds(), 70) + 8 + withLatencySeconds() : 0);
    }

    /** The second prewarm, with the cells' latency: its Gatling JVM, the least it lasts (it settles or stops at its cap), its drain. */
    private long withLatencySeconds() {
        boolean anyLatency = cells.stream().anyMatch(c -> !(c.factors().latency() instanceof lab.vthreads.infra.cep.CepLatency.None));
        return anyLatency ? 8 + Math.min(preset.prewarmSeconds(), (Prewarm.Rule.WITH_LATENCY.minSeconds() + MeasuredRun.WITH_LATENCY_SECONDS) / 2) : 0;
    }

    /** One measured run on services that are up: Gatling's JVM, the warm-up and measured seconds, the files. */
    private long perRunSeconds() {
        return 8 + preset.warmupSeconds() + preset.measuredSeconds();
    }

    /** Faults restart components mid-run and are read per cell: each of their cells gets services of its own. */
    private boolean sharesStacks() {
        return !preset.hasFaults();
    }

    public Duration estimateCalibration() {
        if (calibrates() && !options.scale() && Calibrator.canRunOn(calibrated())) {
            return Duration.ofSeconds(Calibrator.estimateOnWarmSeconds(options.calibrationSeconds()));
        }
        return Duration.ofSeconds(!calibrates() ? 0 : Calibrator.estimateSeconds(options.calibrationSeconds())
                // the prewarm instead of the warm-up (about 30 s): what the services need, up to the cap, and its drain
                + (preset.prewarmSeconds() > 0 ? Math.min(preset.prewarmSeconds(), 100) + 8 - 30 : 0));
    }

    /**
     * Whether this experiment measures the calibration: not when asked not to, and not for faults, whose figures (the
     * timeline, the rows against the 201s) need no capacity model.
     */
    private boolean calibrates() {
        return options.calibrationSeconds() > 0 && !preset.hasFaults();
    }

    public ExperimentResults run() throws Exception {
        Files.createDirectories(options.resultsDirectory());
        Map<StackSettings.Component, ResourceLimit> limits = ResourceLimit.parseAll(preset.limits());
        try (Isolation isolation = Isolations.create(options.isolation(), quotas(limits), line -> options.out().println(line))) {
            this.isolation = isolation;
            isolation.placeSelf();
            load = new LoadGenerators(options.home(), preset.simulation(), isolation.prefix("gatling"),
                    options.scenario() != null ? Map.of("scenario", options.scenario().toString()) : Map.of());
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
        Map<Cell, List<ExperimentResults.RepeatResult>> results = new LinkedHashMap<>();
        Map<Cell, List<String>> failures = new LinkedHashMap<>();
        Files.createDirectories(base.runDirectory());
        Partition partition = isolation.partition();
        ExperimentResults.Environment environment;
        Calibration calibration;
        ScaledScenario scaled = null;
        try (Stack stack = Stack.startInfrastructure(base, isolation)) {
            running = stack;
            environment = Environments.describe(options.home(), stack, partition.machineCpuCount());
            int cores = environment.cores();
            // Without a calibration there is no model: for quick runs and for tests of what the model does not need.
            String fingerprint = !calibrates() ? null
                    : CalibrationCache.fingerprint(options.home(), preset, calibrated(), options.calibrationSeconds(), partition, cores,
                    options.application(), options.scenario());
            CalibrationCache kept = new CalibrationCache(options.resultsDirectory().getParent());
            calibration = fingerprint == null || options.recalibrate() ? null : kept.reuse(fingerprint, progress).orElse(null);
            // Measured after the cells, on the calibrated cell's own warm services, where those are the calibration's
            // services (Calibrator#canRunOn) and nothing sizes the cells from it; otherwise first, on fresh services.
            StackPlan.Placed host = fingerprint == null || calibration != null || options.scale() || !Calibrator.canRunOn(calibrated()) ? null
                    : lastStackOf(calibrated());
            PendingCalibration pending = host == null ? null : new PendingCalibration(fingerprint, host);
            if (fingerprint != null && calibration == null && pending == null) {
                calibration = kept.keep(fingerprint, calibrator(stack, base, null).calibrate(cores), options.resultsDirectory(), progress);
            }
            if (pending != null) {
                progress.note("Calibration: measured after the cells, on the warm services of " + String.join(", ", pending.host().group().order())
                        + (preset.repeat() > 1 ? " (repeat " + pending.host().repeat() + ")" : ""));
            }
            if (options.scale()) {
                scaled = scale(calibration, partition);
            }
            model = calibration;
            // Only now are the cells final: --scale replaces them with the machine's Tomcat threads and users.
            cells.forEach(c -> results.put(c, new ArrayList<>()));
            for (int repeat = 1; repeat <= preset.repeat(); repeat++) {
                List<StackPlan.Group> groups = StackPlan.of(cells, repeat, sharesStacks());
                for (int g = 0; g < groups.size(); g++) {
                    boolean hosts = pending != null && pending.host().equals(new StackPlan.Placed(repeat, g, groups.get(g)));
                    runGroup(stack, base, groups.get(g), repeat, results, failures,
                            hosts ? snapshot -> pending.measured = calibrateOnWarmServices(stack, base, pending, cores, snapshot) : null);
                }
            }
            if (pending != null) {
                // The host's services did not start, or the calibration on them failed: fresh services, as before any cell.
                calibration = pending.measured != null ? pending.measured : calibrateAfterAll(stack, base, pending, cores);
                model = calibration;
            }
        }
        deleteRecursively(base.runDirectory().resolve("postgres-data"));
        List<ExperimentResults.CellResult> cellResults = new ArrayList<>();
        results.forEach((cell, repeats) -> cellResults.add(new ExperimentResults.CellResult(cell.id(), cell.variant(), cell.mode(),
                cell.users(), cell, repeats, failures.getOrDefault(cell, List.of()))));
        return new ExperimentResults(ExperimentResults.SCHEMA_VERSION, preset.name(), preset.description(), preset.why(),
                options.shortVariant(), started.toString(), Instant.now().toString(), environment, preset, calibration, scaled, partition,
                cellResults, ExperimentResults.UNITS, null);
    }

    /**
     * The cell whose mode and factors the calibration measures (every limit but the CPU lifted): the first cell's
     * variant, with virtual threads where the preset runs them. The model's CPU bound is what holds a cell once its
     * threads no longer do, so it is a virtual cell's bound, and a platform calibration measured something else: 240-480
     * platform threads at once on the services' one CPU (to saturate it through the CEP latency), whose CPU bounds
     * here ran from 380 to 583 req/s in four calibrations of the same service jars (the lab's prewarm changing between
     * them), and, on a faster machine the same day, 1.15-1.25 times a warm virtual cell's CPU per request for
     * pessoa-service.
     */
    private Cell calibrated() {
        return calibrated(cells);
    }

    /**
     * The cell whose services the calibration measures: the first variant's virtual cell, unless the calibration
     * cannot run on it (a pool held through the lookups, a concurrency limit, lookups that pin their carriers); then
     * the first virtual cell it can run on, on the lab's own JDK if one is. The pinning preset's first variant pins
     * JDK 21's carriers: calibrated there, its "saturation" was the pinned bound (8 req/s at 6% busy) and its CPU
     * bound 150 req/s, below what the other cells served.
     */
    static Cell calibrated(List<Cell> cells) {
        Cell first = cells.getFirst();
        List<Cell> virtual = cells.stream().filter(c -> c.mode() == ThreadMode.VIRTUAL && !c.replica()).toList();
        Cell firstVariants = virtual.stream().filter(c -> java.util.Objects.equals(c.variant(), first.variant())).findFirst().orElse(null);
        if (firstVariants != null && Calibrator.canRunOn(firstVariants)) return firstVariants;
        return virtual.stream().filter(Calibrator::canRunOn).min(java.util.Comparator.comparing((Cell c) -> !onTheLabsJdk(c)))
                .orElse(firstVariants != null ? firstVariants : first);
    }

    private static boolean onTheLabsJdk(Cell cell) {
        String jdk = cell.factors().jdk();
        return jdk == null || jdk.equals(Integer.toString(Runtime.version().feature()));
    }

    /** The last pair of JVMs, over every repeat, whose cells share {@code cell}'s variant, mode and factors. */
    private StackPlan.Placed lastStackOf(Cell cell) {
        StackPlan.Placed last = null;
        for (int repeat = 1; repeat <= preset.repeat(); repeat++) {
            List<StackPlan.Group> groups = StackPlan.of(cells, repeat, sharesStacks());
            for (int g = 0; g < groups.size(); g++) {
                Cell first = groups.get(g).first();
                if (first.mode() == cell.mode() && java.util.Objects.equals(first.variant(), cell.variant()) && first.factors().equals(cell.factors())) {
                    last = new StackPlan.Placed(repeat, g, groups.get(g));
                }
            }
        }
        return last;
    }

    /** @param snapshot the warm application's data, as its cells had it; null on fresh services, which take their own */
    private Calibrator calibrator(Stack stack, StackSettings base, DatabaseSnapshot snapshot) {
        return new Calibrator(stack, base, calibrated(), load, progress, options.resultsDirectory(), options.home(), options.calibrationSeconds(),
                isolation.partition(), preset.prewarmSeconds(), snapshot);
    }

    /**
     * The calibration on the host's services once its cells are measured. A failure here costs the model, not the cells:
     * it is said, and the calibration is tried once more on fresh services after every cell ({@link #calibrateAfterAll}).
     */
    private Calibration calibrateOnWarmServices(Stack stack, StackSettings base, PendingCalibration pending, int cores, DatabaseSnapshot snapshot)
            throws Exception {
        try {
            return new CalibrationCache(options.resultsDirectory().getParent()).keep(pending.fingerprint(),
                    calibrator(stack, base, snapshot).calibrateOnWarmServices(cores, String.join(", ", pending.host().group().order())),
                    options.resultsDirectory(), progress);
        } catch (Exception e) {
            if (load.aborted() || Thread.currentThread().isInterrupted()) throw e;
            progress.note("calibration on the warm services failed (" + e.getMessage() + "); it runs on fresh services after the cells");
            return null;
        }
    }

    /** The calibration on fresh services, after every cell; without it the results are kept with no model, and say why. */
    private Calibration calibrateAfterAll(Stack stack, StackSettings base, PendingCalibration pending, int cores) throws Exception {
        try {
            return new CalibrationCache(options.resultsDirectory().getParent()).keep(pending.fingerprint(), calibrator(stack, base, null).calibrate(cores),
                    options.resultsDirectory(), progress);
        } catch (Exception e) {
            if (load.aborted() || Thread.currentThread().isInterrupted()) throw e;
            progress.note("calibration failed (" + e.getMessage() + "): the cells' results are kept, with no capacity model");
            return null;
        }
    }

    /** Work on a pair of JVMs after its cells, before it stops. */
    @FunctionalInterface
    private interface AfterCells {
        void run(DatabaseSnapshot snapshot) throws Exception;
    }

    /** A calibration measured after the cells: where, and what it measured once it has. */
    private static final class PendingCalibration {
        private final String fingerprint;
        private final StackPlan.Placed host;
        private volatile Calibration measured;

        PendingCalibration(String fingerprint, StackPlan.Placed host) {
            this.fingerprint = fingerprint;
            this.host = host;
        }

        String fingerprint() {
            return fingerprint;
        }

        StackPlan.Placed host() {
            return host;
        }
    }

    private ScaledScenario scale(Calibration calibration, Partition partition) {
        Published.Scaling s = preset.published().scaling();
        double hold = calibration.responseMs(preset.latency().meanMillis()) / 1000;
        ScaledScenario scaled = ScaledScenario.of(s.threadBound(), s.cpuBound(), s.tomcatThreads(), preset.users(), calibration.cpuBound(partition), hold);
        progress.scaled(scaled.explanation());
        preset = preset.withUsers(scaled.users(), Factors.tomcatThreads(scaled.tomcatThreads()));
        cells = preset.cells();
        return scaled;
    }

    /**
     * One pair of fresh services for the group's cells: started with the first cell's settings (the group's cells share
     * them but for their users), prewarmed with its users, then each cell measured on them in turn.
     */
    private void runGroup(Stack stack, StackSettings base, StackPlan.Group group, int repeat, Map<Cell, List<ExperimentResults.RepeatResult>> results,
                          Map<Cell, List<String>> failures, AfterCells afterCells) throws Exception {
        Cell first = group.first();
        Path stackDir = options.resultsDirectory().resolve("cells").resolve(first.id()).resolve("r" + repeat);
        Files.createDirectories(stackDir);
        StackSettings settings = base.with(first.mode(), first.factors(), stackDir);
        DownstreamLatency latency = DownstreamLatency.of(settings);
        latency.forCells();
        load.requireNotAborted();
        try {
            stack.startServices(settings);
        } catch (StartFailure e) {
            // Services that cannot start (a bad factor, a port) must not cost the other groups their results.
            if (load.aborted()) throw e;
            for (Cell cell : group.cells()) {
                progress.didNotRun(cell.id(), repeat, e.getMessage());
                failures.computeIfAbsent(cell, c -> new ArrayList<>()).add("repeat " + repeat + ": " + e.getMessage());
                runsDone++;
            }
            return;
        }
        try {
            if (group.cells().size() > 1) progress.note("services for " + String.join(", ", group.order()) + ", in that order");
            DatabaseSnapshot snapshot = DatabaseSnapshot.ofApplication(settings, progress);
            // Once per run, on the first pair: what it writes goes with the snapshot's restore before the first cell.
            if (settings.application() != null && !scenarioChecked) {
                ScenarioCheck.run(load, Endpoints.of(settings), options.home().resolve("wiremock/ceps.csv"), stackDir, progress);
                scenarioChecked = true;
            }
            MeasuredRun measuredRun = new MeasuredRun(preset, load, progress, options.home(), options.resultsDirectory(), options.stealThreshold(), isolation);
            // Before the first cell's database is emptied: the prewarm's rows go with it.
            // On every CPU: the prewarm measures nothing, and it ends when the compilers do, which on the services' one
            // CPU, shared with their request threads, took 83-92 s for the default preset (see Stack#onEveryCpu).
            // With no CEP latency, as the calibration's: the JIT compiles a method once it has run thousands of times,
            // so a prewarm at a thread-bound platform cell's 57 req/s left its JVMs far less compiled than the virtual
            // ones at 450 req/s (pessoa-service: 2,015 methods at C2 against 3,144), and their CPU per request at
            // 3.5-3.9 ms against 0.8-1.3 ms. Without the latency both modes serve what the CPU allows while they warm.
            // Then a shorter one with the cells' latency: what only many requests waiting at once compile (MeasuredRun#prewarm).
            ExperimentResults.Prewarmed prewarmed = preset.prewarmSeconds() <= 0 ? null : stack.onEveryCpu(() -> {
                latency.offForPrewarm();
                progress.note(latency.prewarmNote());
                try {
                    return measuredRun.prewarm(Endpoints.of(settings), Prewarm.serviceProcesses(stack.processes()), first, stackDir, latency::forCells);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                } finally {
                    latency.forCells();
                }
            });
            for (int i = 0; i < group.cells().size(); i++) {
                Cell cell = group.cells().get(i);
                ExperimentResults.StackUse use = new ExperimentResults.StackUse(i + 1, group.order(), null);
                ExperimentResults.RepeatResult result = runWithStealCheck(stack, settings, measuredRun, cell, repeat, use, snapshot);
                results.get(cell).add(prewarmed == null ? result : result.withPrewarm(prewarmed));
            }
            if (afterCells != null) afterCells.run(snapshot);
        } finally {
            stack.stopServices();
        }
    }

    private ExperimentResults.RepeatResult runWithStealCheck(Stack stack, StackSettings settings, MeasuredRun measuredRun, Cell cell, int repeat,
                                                             ExperimentResults.StackUse use, DatabaseSnapshot snapshot) throws Exception {
        ExperimentResults.RepeatResult result = runCell(stack, settings, measuredRun, cell, repeat, 1, use, snapshot);
        if (result.stealFlagged() && options.rerunOnSteal()) {
            progress.runningAgain(cell.id(), result.machine().meanSteal(), options.stealThreshold());
            result = runCell(stack, settings, measuredRun, cell, repeat, 2, use, snapshot);
        }
        return result;
    }

    private ExperimentResults.RepeatResult runCell(Stack stack, StackSettings settings, MeasuredRun measuredRun, Cell cell, int repeat, int attempt,
                                                   ExperimentResults.StackUse use, DatabaseSnapshot snapshot) throws Exception {
        // The prewarm's and an earlier cell's writes go: every cell starts from the same data.
        if (snapshot != null) snapshot.restore();
        int total = cells.size() * preset.repeat();
        Path dir = options.resultsDirectory().resolve("cells").resolve(cell.id()).resolve("r" + repeat + (attempt > 1 ? "-again" : ""));
        Files.createDirectories(dir);
        progress.cellStarting(Math.min(total, runsDone + 1), total, cell.id(), repeat, Duration.between(started, Instant.now()), left());
        load.requireNotAborted();
        Map<String, ManagedProcess> measured = new LinkedHashMap<>();
        stack.processes().forEach((component, process) -> measured.put(component.label(), process));
        ExperimentResults.RepeatResult result = measuredRun.measure(Endpoints.of(settings), measured, cell, repeat, attempt, dir,
                !preset.hasFaults() ? null : processes -> new FaultInjector(stack, settings, preset.faults(), processes, progress::note), use);
        runsDone++;
        return result;
    }

    /** The runs not done yet, and a share of the stacks' starts and prewarms in proportion. */
    private Duration left() {
        long runs = (long) cells.size() * preset.repeat();
        long estimate = estimateRuns().toSeconds();
        return Duration.ofSeconds(runs == 0 ? 0 : estimate * Math.max(0, runs - runsDone) / runs);
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
