package lab.vthreads.lab.run;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.faults.FaultEvent;
import lab.vthreads.lab.faults.FaultInjector;
import lab.vthreads.lab.faults.FaultOutcome;
import lab.vthreads.lab.faults.StoredRows;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.load.GatlingRun;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.load.LoadRun;
import lab.vthreads.lab.pinning.BusiestSecondDump;
import lab.vthreads.lab.pinning.PinningRecording;
import lab.vthreads.lab.pinning.ThreadDumpSummary;
import lab.vthreads.lab.metrics.Window;
import lab.vthreads.lab.pinning.PinningWindow;
import lab.vthreads.lab.pinning.ServicePinning;
import lab.vthreads.lab.stack.RunProcesses;
import lab.vthreads.lab.stack.ServiceJdk;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.databind.json.JsonMapper;

/**
 * One measured run against a stack that is up, whoever started it: an empty database, the cell's load with its
 * warm-up in the same Gatling run, sampling throughout, and what it all amounts to.
 *
 * @param speed the speed probe's totals on the services' CPUs, where the lab runs one ({@code RunningStack#speed})
 */
public record MeasuredRun(Preset preset, LoadGenerators load, Progress progress, Path home, Path resultsDirectory, double stealThreshold, Isolation isolation,
                          java.util.function.Supplier<java.util.Optional<lab.vthreads.lab.metrics.SpeedProbe.Totals>> speed) {

    public ExperimentResults.RepeatResult measure(Endpoints endpoints, RunProcesses measured, Cell cell, int repeat, int attempt, Path dir)
            throws Exception {
        return measure(endpoints, measured, cell, repeat, attempt, dir, null, null);
    }

    /**
     * A measured run on services that were prewarmed, if the preset asks for it, before this is called.
     *
     * @param measured the processes the lab started ({@link RunProcesses#NONE} for a stack it did not start)
     * @param faults   given the processes the sampler reads (which a restart updates), the injector of the preset's
     *                 faults; null for a run without faults
     * @param stack    where this run stands on its services' JVMs, its {@code rowsAtStart} to be read here; null for
     *                 stacks the lab did not start
     */
    public ExperimentResults.RepeatResult measure(Endpoints endpoints, RunProcesses measured, Cell cell, int repeat, int attempt, Path dir,
                                           Function<RunProcesses, FaultInjector> faults, ExperimentResults.StackUse stack) throws Exception {
        // The prewarm's rows and an earlier cell's go: each run starts from the same empty database.
        Long rowsAtStart = null;
        if (endpoints.jdbcUrl() != null) rowsAtStart = new DatabaseReset(endpoints.jdbcUrl(), endpoints.jdbcUser(), endpoints.jdbcPassword()).truncateAndCount();
        Path resultsFile = dir.resolve("gatling-results.json");
        // The warm-up is the same run's first seconds at full load: the services and the load generator's own JVM
        // are warm when the hold window starts (a separate warm-up left the measured Gatling JVM cold, its JIT
        // compiling into the window).
        LoadProperties properties = LoadProperties.closed(endpoints.gateway(), home.resolve("wiremock/ceps.csv"), cell.users())
                .client(cell.factors().client()).profile(preset.rampUpSeconds(), preset.holdSeconds(), preset.rampDownSeconds())
                .warmup(preset.warmupSeconds()).resultsFile(resultsFile);
        SampledLoad run = SampledLoad.start(load, properties, dir.resolve("gatling"), dir.resolve("gatling.log"), measured, endpoints, progress::live,
                isolation::cpuSeconds, speed, LoadRun.CELL);
        FaultInjector injector = faults != null ? faults.apply(run.processes()) : null;
        if (injector != null) injector.start(run.gatling(), preset.warmupSeconds() + preset.rampUpSeconds());
        int exit;
        BusiestSecondDump dumps = busiestSecondDump(measured, cell, run.sampler(), dir);
        try {
            exit = run.await(preset.warmupSeconds() + preset.measuredSeconds() + 180L);
        } catch (IllegalStateException hung) {
            // A run that never ends (a stalled stack) is this cell's result, not the end of the experiment.
            if (load.aborted() || Thread.currentThread().isInterrupted()) throw hung;
            progress.note(cell.id() + ", repeat " + repeat + ": " + hung.getMessage() + "; recorded as a run without results");
            exit = -1;
        } catch (RuntimeException | Error aborted) {
            // The experiment is being stopped: no fault may start a component the stop is taking down.
            if (injector != null) injector.cancel();
            throw aborted;
        } finally {
            if (dumps != null) dumps.stopWatching();
            run.close();
            progress.endLive();
        }
        List<ThreadDumpSummary> dumped = dumps != null ? dumps.finish() : null;
        if (dumps != null && dumps.error() != null) progress.note(cell.id() + ": thread dump: " + dumps.error());
        List<FaultEvent> events = injector != null ? injector.finish(Duration.ofMinutes(2)) : null;
        Set<String> names = new LinkedHashSet<>(run.processes().byName().keySet());
        names.add(Sampler.LAB);
        ExperimentResults.RepeatResult result = Measurements.repeat(repeat, attempt, run.results(exit), run.sampler(), names, reportOf(dir), stealThreshold);
        Map<String, String> stall = result.client().ok() == 0 ? HangDumps.take(measured.servicePids(), cell.id() + ", repeat " + repeat
                + ": served nothing in its window", "served-nothing", dir, resultsDirectory, progress).stalledOrNull() : null;
        ExperimentResults.StackUse use = stack == null ? null : new ExperimentResults.StackUse(stack.position(), stack.order(), rowsAtStart, stack.launches());
        ExperimentResults.RunContext seen = observedOnServices(result.window(), measured, cell, run.sampler().startEpochMs(), dir);
        FaultOutcome faulted = events == null ? null : outcome(resultsFile, events, endpoints, cell.factors().effectiveCepReadTimeoutMs());
        return result.withContext(new ExperimentResults.RunContext(null, use, seen.jdk(), faulted, seen.pinning(), dumped, stall));
    }

    /** In a virtual cell on services the lab started: their thread dumps at the hold window's busiest second. */
    private BusiestSecondDump busiestSecondDump(RunProcesses measured, Cell cell, Sampler sampler, Path dir) {
        Map<String, Long> pids = measured.servicePids();
        if (!takesThreadDumps(pids, cell)) return null;
        // In the sampler's seconds the hold window starts a few seconds later (Gatling's JVM starts first) and the live rate
        // lags by its few seconds of averaging, so the window's nominal end is the last second taken: a later one (hold + 5
        // s, as first written) once caught the ramp-down, a dump with no request in it.
        double from = preset.warmupSeconds() + preset.rampUpSeconds();
        return new BusiestSecondDump(sampler::samples, SampleKeys.LIVE_REQUESTS_PER_SECOND, from, from + preset.holdSeconds(), pids, dir,
                resultsDirectory);
    }

    /** Whether a cell takes thread dumps: virtual threads, the observation on, and services the lab started. */
    public static boolean takesThreadDumps(Map<String, Long> pids, Cell cell) {
        return !pids.isEmpty() && cell.mode().virtual() && cell.factors().observesThreads();
    }

    /** The services' JDK's jcmd, else the lab's (jcmd speaks to any HotSpot JVM of the same user); none in a bare runtime. */
    private static java.util.Optional<Path> jcmdFor(ServiceJdk jdk) {
        return jdk.jcmd().or(() -> ServiceJdk.theLabs().jcmd());
    }

    /**
     * Where the lab started the services: the JDK they ran on, and each one's pinning over the window, from the JFR
     * recording it keeps from its start ({@link PinningRecording}).
     */
    private static ExperimentResults.RunContext observedOnServices(Window window, RunProcesses measured, Cell cell,
                                                                  long samplerStartMs, Path dir) {
        Map<String, Long> pids = measured.servicePids();
        if (pids.isEmpty()) return ExperimentResults.RunContext.NONE;
        ServiceJdk jdk = ServiceJdk.resolve(cell.factors().jdk());
        if (window == null || !cell.factors().observesThreads()) return ExperimentResults.RunContext.services(jdk.version(), null);
        java.util.Optional<Path> jcmd = jcmdFor(jdk);
        if (jcmd.isEmpty()) {
            Map<String, ServicePinning> notRead = new LinkedHashMap<>();
            pids.keySet().forEach(service -> notRead.put(service, ServicePinning.notRead("no jcmd in " + jdk.home() + " or the lab's JDK")));
            return ExperimentResults.RunContext.services(jdk.version(), notRead);
        }
        Instant from = Instant.ofEpochMilli(samplerStartMs + Math.round(window.from() * 1000));
        Instant to = Instant.ofEpochMilli(samplerStartMs + Math.round(window.to() * 1000));
        return ExperimentResults.RunContext.services(jdk.version(), PinningWindow.read(pids, jcmd.get(), dir, from, to));
    }

    /** The timeline and recoveries from the load generator's results, and the rows from PostgreSQL itself. */
    private static FaultOutcome outcome(Path resultsFile, List<FaultEvent> events, Endpoints endpoints, int cepReadTimeoutMs) {
        StoredRows rows = null;
        String rowsError = null;
        try {
            rows = StoredRows.read(endpoints.jdbcUrl(), endpoints.jdbcUser(), endpoints.jdbcPassword());
        } catch (SQLException e) {
            rowsError = e.getMessage();
        }
        JsonMapper json = JsonMapper.builder().build();
        return FaultOutcome.of(Files.isRegularFile(resultsFile) ? json.readTree(resultsFile.toFile()) : json.createObjectNode(), events, rows,
                rowsError, cepReadTimeoutMs);
    }

    /** Gatling's HTML report of a run, relative to the results folder; null when it wrote none. */
    private String reportOf(Path dir) {
        try {
            return resultsDirectory.relativize(GatlingRun.reportOf(dir.resolve("gatling")).resolve("index.html")).toString();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
