package lab.vthreads.lab.measured;

import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.metrics.SampleNames;
import com.fasterxml.jackson.annotation.JsonAlias;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.pinning.ServicePinning;
import lab.vthreads.lab.pinning.ThreadDumpSummary;
import lab.vthreads.lab.faults.FaultOutcome;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.metrics.Window;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.model.ScaledScenario;
import lab.vthreads.lab.stack.ThreadMode;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Map;

/**
 * Everything an experiment measured: the content of {@code results.json}, described by
 * {@code docs/results.schema.json}. {@code partition} says which CPUs each component had (null in files written before the
 * lab partitioned the machine); {@code identity} which runs are repeats of this one (null in files written before). Times are ISO-8601, durations seconds, latencies milliseconds, CPU in cores
 * (1.0 = one core busy), memory in MB, and shares (busy, steal) 0..1. {@link #units} says it again in the file.
 */
// verdict and model are the report's conclusions, written beside the measurements (ResultsFiles) and computed anew on reading.
@com.fasterxml.jackson.annotation.JsonIgnoreProperties({"verdict", "model"})
public record ExperimentResults(
        String schemaVersion,
        String preset,
        String description,
        String why,
        boolean shortVariant,
        String startedAt,
        String finishedAt,
        Environment environment,
        Preset settings,
        Map<String, Calibration> calibrations,
        ScaledScenario scaled,
        Partition partition,
        List<CellResult> cells,
        Map<String, String> units,
        TargetDescription target,
        RunIdentity identity,
        List<StartupCheck> startupChecks,
        Map<String, Double> stageSeconds) {

    public ExperimentResults {
        startupChecks = startupChecks == null ? List.of() : List.copyOf(startupChecks);
        calibrations = calibrations == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(calibrations));
    }

    /** The calibration {@code cell} is predicted from: its own implementation's; null where that has none. */
    public Calibration calibrationOf(CellResult cell) {
        return calibrations.get(cell.implementation());
    }

    /** The first calibrated implementation's calibration (the one {@code --scale} sizes the cells from); null without one. */
    public Calibration calibration() {
        return calibrations.values().stream().findFirst().orElse(null);
    }

    /** A run whose stages were not timed (every file before schema 14). */
    public ExperimentResults(String schemaVersion, String preset, String description, String why, boolean shortVariant, String startedAt,
                             String finishedAt, Environment environment, Preset settings, Map<String, Calibration> calibrations,
                             ScaledScenario scaled, Partition partition, List<CellResult> cells, Map<String, String> units, TargetDescription target,
                             RunIdentity identity, List<StartupCheck> startupChecks) {
        this(schemaVersion, preset, description, why, shortVariant, startedAt, finishedAt, environment, settings, calibrations,
                scaled, partition, cells, units, target, identity, startupChecks, null);
    }

    /** A run with no start-up check (every file before schema 12, and the runs that ask for none). */
    public ExperimentResults(String schemaVersion, String preset, String description, String why, boolean shortVariant, String startedAt,
                             String finishedAt, Environment environment, Preset settings, Map<String, Calibration> calibrations,
                             ScaledScenario scaled, Partition partition, List<CellResult> cells, Map<String, String> units, TargetDescription target,
                             RunIdentity identity) {
        this(schemaVersion, preset, description, why, shortVariant, startedAt, finishedAt, environment, settings, calibrations,
                scaled, partition, cells, units, target, identity, List.of());
    }

    /** The shape of results.json; what each version added, and how a file of an earlier one is read, is {@link EarlierResults}'s. */
    public static final String SCHEMA_VERSION = "19";

    /** In a fixed order (not Map.of's, which differs between JVMs), so that the same results write the same file. */
    public static final Map<String, String> UNITS = java.util.stream.Stream.of(
            Map.entry("t", "seconds since the measured run started"),
            Map.entry("latency", "milliseconds (Gatling's response time)"),
            Map.entry("throughput", "successful requests per second in the steady (hold) window"),
            Map.entry("cpu", "cores: CPU seconds per wall second, 1.0 = one core busy"),
            Map.entry("heapMb, rssMb", "megabytes"),
            Map.entry("machineBusy, steal", "share of all cores' time, 0..1"),
            Map.entry("threads, connections", "count"))
            .collect(java.util.stream.Collectors.collectingAndThen(
                    java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, java.util.LinkedHashMap::new),
                    java.util.Collections::unmodifiableMap));

    /**
     * One run's results as both runners assemble them: a cell per entry of {@code repeats}, in its order, with the
     * reasons its repeats did not run; finished now.
     */
    public static ExperimentResults assemble(Preset preset, boolean shortVariant, java.time.Instant started, Environment environment,
                                             Map<String, Calibration> calibrations, java.util.function.Function<Cell, String> implementationOf,
                                             java.util.function.Function<Cell, SampleNames> sampleNamesOf,
                                             ScaledScenario scaled, Partition partition,
                                             Map<Cell, List<RepeatResult>> repeats, Map<Cell, List<String>> failures,
                                             Map<Cell, List<ColdStart>> coldStarts, List<StartupCheck> startupChecks, TargetDescription target,
                                             RunIdentity identity, StageClock clock) {
        List<CellResult> cells = new java.util.ArrayList<>();
        repeats.forEach((cell, runs) -> cells.add(new CellResult(cell.id(), cell.variant(), cell.mode(), implementationOf.apply(cell), cell.users(), cell, runs,
                failures.getOrDefault(cell, List.of()), coldStarts.getOrDefault(cell, List.of()), sampleNamesOf.apply(cell))));
        return new ExperimentResults(SCHEMA_VERSION, preset.name(), preset.description(), preset.why(), shortVariant, started.toString(),
                java.time.Instant.now().toString(), environment, preset, calibrations, scaled, partition, cells, UNITS, target, identity,
                startupChecks, clock.seconds());
    }

    /**
     * @param codeSizes         the lines of code of the lab's two implementations of the contract and of the contract itself (schema 7; null before, and for a stack the lab did not build)
     * @param applicationServer a user's application's HTTP server, from its jar's libraries ("Tomcat", "Armeria", "none known";
     *                          schema 15): only Tomcat's threads are the lab's thread factor and platform threads' bound; null
     *                          for the lab's own services and in files written before
     */
    public record Environment(String jdk, String jvm, String springBoot, String hikariCp, String pgjdbc, String gatling,
                              int cores, long memoryMb, String os, Map<String, String> components, List<CodeSize> codeSizes,
                              String applicationServer) {

        /** Whether Tomcat's threads serve the system's requests, as the thread factor and the model's thread bound assume. */
        public boolean servedByTomcat() {
            return applicationServer == null || lab.vthreads.lab.app.SpringBootJar.TOMCAT.equals(applicationServer);
        }
    }

    /**
     * @param factors    everything that defines the cell: the preset's settings with its variant's overrides
     * @param failures   why a repeat did not run (the stack would not start, its cold start failed), one line each; empty when all ran
     * @param coldStarts the repeats whose pair of JVMs failed its first requests (schema 11): this mode's result there
     */
    /**
     * @param implementation what served the cell's requests, whose calibration predicts it, as
     *                       {@link lab.vthreads.lab.stack.SystemUnderTest#implementation} names it (schema 17)
     * @param sampleNames    the names its services' figures carry in its samples and in its runs' {@code server} figures
     *                       (schema 18); the lab's own where a file does not say ({@link EarlierResults})
     */
    public record CellResult(String id, String variant, ThreadMode mode, String implementation, int users, Cell factors, List<RepeatResult> repeats,
                             List<String> failures, List<ColdStart> coldStarts, SampleNames sampleNames) {

        public CellResult {
            coldStarts = coldStarts == null ? List.of() : List.copyOf(coldStarts);
            if (sampleNames == null) sampleNames = SampleNames.LABS_OWN;
        }

        /** A cell of the lab's own services. */
        public CellResult(String id, String variant, ThreadMode mode, String implementation, int users, Cell factors, List<RepeatResult> repeats,
                          List<String> failures, List<ColdStart> coldStarts) {
            this(id, variant, mode, implementation, users, factors, repeats, failures, coldStarts, null);
        }

        public CellResult(String id, String variant, ThreadMode mode, String implementation, int users, Cell factors, List<RepeatResult> repeats,
                          List<String> failures) {
            this(id, variant, mode, implementation, users, factors, repeats, failures, List.of());
        }
    }

    /**
     * A fresh pair of JVMs whose first requests (each flow once by one user) were not all answered as the scenario
     * expects, in an experiment that did not find the scenario at fault (another pair answered it, or a request got no
     * answer at all). The cells it was to serve did not run; this is that mode's result in their place.
     *
     * @param repeat   the repeat whose pair it was
     * @param hung     a request got no answer at all (it timed out): the JVM hung; false where every request was answered,
     *                 otherwise than on the other pair
     * @param requests what the load generator got ("GET /owners/{id}: no response (×3)")
     * @param dumps    by service, its thread dump taken after the requests, relative to the results folder
     * @param stalled  by service, what its dump named: every carrier blocked is a deadlock, with its known cause where the
     *                 frames match one; empty where no dump named anything
     */
    public record ColdStart(int repeat, boolean hung, String requests, Map<String, String> dumps, Map<String, String> stalled) {

        public ColdStart {
            // In the services' order, as the dumps were taken.
            dumps = dumps == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(dumps));
            stalled = stalled == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(stalled));
        }

        /** Every carrier blocked in some service's dump. */
        public boolean deadlocked() {
            return !stalled.isEmpty();
        }

        /** The finding in one line, as the verdict and the cells' table say it. */
        public String text() {
            if (!hung) return "at cold start, its first requests not answered as the scenario expects: " + requests;
            StringBuilder s = new StringBuilder(deadlocked() ? "deadlocked at cold start: " : "hung at cold start: ").append(requests);
            stalled.forEach((service, why) -> s.append("; ").append(service).append(": ").append(why));
            if (!deadlocked() && !dumps.isEmpty()) s.append("; no dump showed every carrier blocked (").append(String.join(", ", dumps.values())).append(")");
            return s.toString();
        }
    }

    /**
     * One measured run of a cell: what its window measured, and in {@code context} what it was measured on and what was
     * seen beside its load. The context's components stand beside the measurement's in the file ({@code @JsonUnwrapped}).
     *
     * @param stealFlagged  the hypervisor stole more than the threshold of CPU time during the run
     * @param gatlingReport the Gatling HTML report, relative to the results folder
     * @param window        the hold window in the samples' seconds: {@code processes} and {@code machine} are means over it
     *                      (null in files written before; their means cover the whole run)
     * @param sampling      how many of the sampler's seconds were kept and dropped (null in files written before)
     */
    public record RepeatResult(int repeat, String startedAt, ClientResult client, Server server, Map<String, ProcessUsage> processes,
                               Machine machine, List<Map<String, Double>> samples, String gatlingReport, boolean stealFlagged,
                               int attempt, Window window, Sampling sampling, @JsonUnwrapped RunContext context) {

        public RepeatResult {
            if (context == null) context = RunContext.NONE;
        }

        public RepeatResult(int repeat, String startedAt, ClientResult client, Server server, Map<String, ProcessUsage> processes,
                            Machine machine, List<Map<String, Double>> samples, String gatlingReport, boolean stealFlagged, int attempt,
                            Window window) {
            this(repeat, startedAt, client, server, processes, machine, samples, gatlingReport, stealFlagged, attempt, window, null, RunContext.NONE);
        }

        public RepeatResult withSampling(Sampling kept) {
            return new RepeatResult(repeat, startedAt, client, server, processes, machine, samples, gatlingReport, stealFlagged, attempt, window,
                    kept, context);
        }

        public RepeatResult withContext(RunContext measuredOn) {
            return new RepeatResult(repeat, startedAt, client, server, processes, machine, samples, gatlingReport, stealFlagged, attempt, window,
                    sampling, measuredOn);
        }

        /** The time a service's compilers (its sample name: {@code pessoa}, {@code app}, ...) worked in the window (elapsed), as a share of it. */
        public double compileShare(String service) {
            return shareOfWindow(SampleKeys.ServiceValue.JIT_MS.of(service));
        }

        /** The time the service's collectors paused it in the window, as a share of it; NaN where not measured. */
        public double gcPauseShare(String service) {
            return shareOfWindow(SampleKeys.ServiceValue.GC_PAUSE_MS.of(service));
        }

        /** The CPU the service's collector threads used in the window, in CPUs (0.05: a twentieth of one); NaN where not measured. */
        public double gcCpuShare(String service) {
            return shareOfWindow(SampleKeys.ServiceValue.GC_CPU_MS.of(service));
        }

        /** A cumulative count of milliseconds' growth over the window, as a share of it; NaN where not measured. */
        private double shareOfWindow(String cumulativeMsKey) {
            if (window == null || window.seconds() <= 0) return Double.NaN;
            return window.delta(samples, cumulativeMsKey) / 1000 / window.seconds();
        }

        /** This run measured again what {@code first} measured while the services still compiled. */
        public RepeatResult replacing(FirstAttempt first) {
            return withContext(context.replacing(first));
        }

        /** The prewarm is known only to the pair of JVMs every run on them shares, after the run itself. */
        public RepeatResult withPrewarm(Prewarmed prewarmed) {
            return withContext(context.withPrewarm(prewarmed));
        }
    }

    /**
     * What a measured run was measured on, and what was seen beside its load.
     *
     * @param prewarm     the prewarm of the services this run was measured on (shared by every run on them)
     * @param stack       where this run stood on its services' JVMs (null in files written before stacks were shared)
     * @param jdk         the version of the JDK the services ran on (null: a stack the lab did not start, or files written before)
     * @param faults      what the preset's faults did: timeline, recoveries, the rows against the 201s (null: no faults)
     * @param pinning     each service's virtual-thread pinning in the window, from its JFR recording (null: not recorded)
     * @param threadDumps each service's thread dump at the window's busiest second, summarised (null: none taken; virtual
     *                    cells on services the lab started only)
     * @param stall       why a service that served nothing in the window could not, where its thread dump after the window
     *                    names it (every virtual-thread carrier blocked), by service (null: it served, or the dump names nothing)
     * @param firstAttempt the attempt this run replaced, where its window's compilers were still at work (null: none)
     */
    public record RunContext(Prewarmed prewarm, StackUse stack, String jdk, FaultOutcome faults, Map<String, ServicePinning> pinning,
                             List<ThreadDumpSummary> threadDumps, Map<String, String> stall, FirstAttempt firstAttempt) {

        /** A run on a stack the lab did not start, or in a file written before any of these were recorded. */
        public static final RunContext NONE = new RunContext(null, null, null, null, null, null, null, null);

        public RunContext(Prewarmed prewarm, StackUse stack, String jdk, FaultOutcome faults, Map<String, ServicePinning> pinning,
                          List<ThreadDumpSummary> threadDumps, Map<String, String> stall) {
            this(prewarm, stack, jdk, faults, pinning, threadDumps, stall, null);
        }

        /** The services' JDK and each one's pinning; the rest not known. */
        public static RunContext services(String jdk, Map<String, ServicePinning> pinning) {
            return new RunContext(null, null, jdk, null, pinning, null, null, null);
        }

        public RunContext withPrewarm(Prewarmed prewarmed) {
            return new RunContext(prewarmed, stack, jdk, faults, pinning, threadDumps, stall, firstAttempt);
        }

        public RunContext replacing(FirstAttempt replaced) {
            return new RunContext(prewarm, stack, jdk, faults, pinning, threadDumps, stall, replaced);
        }
    }

    /**
     * The sampler's seconds in one run: each second reads /proc and scrapes both services, and one that fails is
     * dropped, so that a race with a stopping process does not end the run. Counted, so that a reader can tell a thin
     * series from a full one.
     *
     * @param taken      the seconds the sampler tried
     * @param dropped    the seconds it dropped
     * @param firstError the first dropped second's error (null: none dropped)
     */
    public record Sampling(int taken, int dropped, String firstError) {

        /** Beyond this share of dropped seconds a run's series are too thin to trust, and the verdict says so. */
        public static final double THIN = 0.05;

        public boolean thin() {
            return taken > 0 && (double) dropped / taken > THIN;
        }
    }

    /**
     * Where a measured run stood on its services' JVMs: the cells of one mode and factors share one prewarmed pair,
     * measured one after the other (see {@link lab.vthreads.lab.plan.StackPlan}).
     *
     * @param position    1 for the first run measured on these JVMs, 2 for the next, ...
     * @param order       every cell measured on them, in order
     * @param rowsAtStart the people stored when this run's load started: 0 when the database was emptied as it must be
     *                    (null: not read)
     * @param launches    how each service of the pair started, by name: its JDK and whether from an AOT cache, which one,
     *                    or why not (null in files written before schema 13)
     */
    public record StackUse(int position, List<String> order, Long rowsAtStart, Map<String, String> launches) {

        public StackUse(int position, List<String> order, Long rowsAtStart) {
            this(position, order, rowsAtStart, null);
        }
    }

    /**
     * The load before a measured run that waited for the services to settle (see the run package's Prewarm).
     *
     * @param seconds         how long it loaded them
     * @param settled         whether every service's compilers and the throughput settled before the cap
     * @param compileShares   each service's compile time (elapsed) over the last seconds before the load stopped, as a share
     *                        of them (null: not known)
     * @param users           the closed users it loaded them with (null in files written before it was recorded)
     * @param throughput      the gateway's successful API requests per second over its last prewarm window
     *                        (null: not known)
     * @param throughputTrend that throughput ÷ the one over the window before, − 1 (null: not known)
     */
    public record Prewarmed(double seconds, boolean settled, Map<String, Double> compileShares, Integer users, Double throughput,
                            Double throughputTrend, Prewarmed withLatency, Rehearsal rehearsal) {

        /**
         * Settled: the compilers at work for less than this share of the prewarm's last window ({@code jvm.compilation.time}
         * is elapsed time, so a compiler waiting for a CPU counts as at work: not finished yet). A window measured while
         * they work loses up to that share of the CPU its requests need, and its A/A copy, measured later on quieter
         * compilers, does not: so the share bounds the A/A spread it leaves, and 10% left a large application's (an
         * application whose C2 compiles go on for minutes on one CPU) between 11% and 18%.
         */
        public static final int SETTLED_PERCENT = 5;
        public static final double SETTLED_SHARE = SETTLED_PERCENT / 100.0;

        public Prewarmed(double seconds, boolean settled, Map<String, Double> compileShares) {
            this(seconds, settled, compileShares, null, null, null, null, null);
        }

        public Prewarmed(double seconds, boolean settled, Map<String, Double> compileShares, Integer users, Double throughput, Double throughputTrend) {
            this(seconds, settled, compileShares, users, throughput, throughputTrend, null, null);
        }

        /** This prewarm, followed by a second one with the cells' CEP latency (null: none). */
        public Prewarmed followedBy(Prewarmed withLatency) {
            return new Prewarmed(seconds, settled, compileShares, users, throughput, throughputTrend, withLatency, rehearsal);
        }

        /** This prewarm, then the first cell run once and not counted (null: none). */
        public Prewarmed rehearsed(Rehearsal rehearsal) {
            return new Prewarmed(seconds, settled, compileShares, users, throughput, throughputTrend, withLatency, rehearsal);
        }
    }

    /**
     * The first cell on a pair of JVMs, run once after the prewarm exactly as it is then measured (its own Gatling JVM,
     * warm-up, window and thread dumps) and not counted: what a pair's first measured window would otherwise compile.
     *
     * @param cell          the cell it ran
     * @param throughput    its throughput over its window (null: none measured)
     * @param compileShares each service's compile time (elapsed) in its window, as a share of it (null: unknown)
     */
    public record Rehearsal(String cell, Double throughput, Map<String, Double> compileShares) {
    }

    /**
     * The services' own view over the measured run, from their metrics and their JVMs' counters; null where a figure had
     * nothing to measure (no request, no histogram). {@code server} is the serving service (pessoa-service, or a user's
     * application), {@code entry} the one the load reaches (the gateway, or the application again); the cell's
     * {@link CellResult#sampleNames} name them. Before schema 18 the same figures were named after the lab's services.
     */
    public record Server(@JsonAlias("pessoaP95Ms") Double serverP95Ms, @JsonAlias("pessoaP99Ms") Double serverP99Ms,
                         @JsonAlias("gatewayP95Ms") Double entryP95Ms, @JsonAlias("gatewayP99Ms") Double entryP99Ms,
                         @JsonAlias("peakPlatformThreadsPessoa") Double peakPlatformThreadsServer,
                         @JsonAlias("peakPlatformThreadsGateway") Double peakPlatformThreadsEntry, @JsonAlias("peakHeapMbPessoa") Double peakHeapMbServer,
                         @JsonAlias("peakHeapMbGateway") Double peakHeapMbEntry, @JsonAlias("peakVirtualThreadsPessoa") Double peakVirtualThreadsServer,
                         @JsonAlias("peakTomcatBusyPessoa") Double peakTomcatBusyServer,
                         Double peakHikariPending, Double meanHikariAcquireMs, Double hikariTimeouts, Double hikariAcquireP95Ms,
                         Double hikariAcquireP99Ms) {
    }

    /** JSON has no NaN: a value that could not be measured is written as null. */
    public static Double measured(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? null : value;
    }

    /** Each figure {@link #measured(double)}, in the same order: null where it was not measured. */
    public static Map<String, Double> measured(Map<String, Double> values) {
        Map<String, Double> known = new java.util.LinkedHashMap<>();
        values.forEach((name, value) -> known.put(name, value == null ? null : measured(value)));
        return known;
    }

    public record ProcessUsage(double meanCpuCores, double peakRssMb) {
    }

    /**
     * The machine over a window.
     *
     * @param speedProbeMs the time a fixed pass of work took on the services' CPUs ({@code SpeedProbe}): the machine's
     *                     speed the window's costs were measured at; null where no probe ran
     */
    public record Machine(double meanBusy, double meanSteal, Double speedProbeMs) {

        public Machine(double meanBusy, double meanSteal) {
            this(meanBusy, meanSteal, null);
        }
    }
}
