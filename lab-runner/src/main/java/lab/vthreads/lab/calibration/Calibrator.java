package lab.vthreads.lab.calibration;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.DatabaseReset;
import lab.vthreads.lab.run.DatabaseSnapshot;
import lab.vthreads.lab.run.DownstreamLatency;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.prewarm.Prewarm;
import lab.vthreads.lab.run.ScenarioCheck;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.RunProcesses;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.lab.load.GatlingResults;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.FirstPass;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.SystemUnderTest;
import lab.vthreads.lab.stack.StackSettings;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Measures what one request costs on this machine (see {@link Calibration}): either before any cell, on fresh services
 * in the calibrated cell's mode (virtual threads where the preset runs them), or after that cell's own services have
 * been measured, on them ({@link #calibrateOnWarmServices}). A saturated warm-up (on fresh services where the preset
 * prewarms, the prewarm until they settle) and two open-workload runs well below the warm-up's throughput with no CEP
 * latency;
 * then one closed run with the cells' CEP latency and enough users to saturate the CPU, after 10 unmeasured seconds of
 * the same load. Each run's figures come from
 * the seconds after the load generator's own start-up.
 *
 * <p>Only the CPU may bind in the calibration, so its services run with every other limit lifted: Tomcat threads
 * above the saturation run's users, the lookups outside the transaction, no concurrency limit, the CEP client's
 * connections at the services' own number.
 */
public final class Calibrator {

    /** The warm-up: unmeasured seconds, then the seconds whose throughput sets the rates. */
    private static final int WARMUP_SECONDS = 15, WARMUP_HOLD_SECONDS = 6;

    /**
     * After a prewarm the warm-up only measures: its unmeasured seconds are the load generator's fresh JVM and the
     * services' first seconds back on their own CPU.
     */
    private static final int WARM_UNMEASURED_SECONDS = 5;

    /**
     * Unmeasured load before the saturation run's window, with the cells' CEP latency. The prewarm warms the services
     * with no latency; the load generator is a fresh JVM, and the CEP mock has not yet served a delayed answer. Without
     * it the calibration measured Gatling at 1.57 and WireMock at 1.66 times their CPU per request in a warm CPU-bound
     * cell (`./lab run --users 600`), where the services' figures were within 10-25%.
     */
    static final int SATURATION_WARMUP_SECONDS = 10;

    private final RunningStack stack;
    private final StackSettings settings;
    private final LoadGenerators load;
    private final Progress progress;
    private final Path directory;
    private final Path cepsCsv;
    private final int seconds;
    private final CepLatency cellLatency;
    private final Partition partition;
    private final int prewarmSeconds;
    private final Endpoints endpoints;
    private final DownstreamLatency latency;
    private DatabaseSnapshot snapshot;
    private final int cellUsers;
    private final Path flows;

    /**
     * @param cell           the calibrated cell: its mode and factors, every limit but the CPU lifted
     * @param prewarmSeconds the preset's: where its cells wait for a settled JIT, the calibration does too, so that the
     *                       CPU it measures per request is a warm service's, as in the cells it predicts
     * @param snapshot       a user's application's data, put back before each run as before each cell; null: the lab's
     *                       own tables are emptied instead (or, for an application with its own database, nothing)
     * @param cellUsers      the users of the cells it predicts, the fewest its saturation run may have; 0 where they are not
     *                       known yet ({@code --scale}'s sizing calibration)
     * @param flows          the scenario file whose flows its fresh services' first pass sends
     */
    public Calibrator(RunningStack stack, StackSettings base, Cell cell, LoadGenerators load, Progress progress, Path resultsDirectory, Path home, int seconds,
               Partition partition, int prewarmSeconds, DatabaseSnapshot snapshot, int cellUsers, Path flows) {
        this.stack = stack;
        SystemUnderTest system = base.with(cell.mode(), cell.factors(), resultsDirectory).system();
        this.directory = resultsDirectory.resolve(system.calibrationFolder());
        Factors.Builder lifted = system.liftedForCalibration(
                Factors.builder().tomcatThreads(Math.max(cell.factors().effectiveTomcatThreads(), CalibrationLoads.MAX_SATURATION_USERS)));
        this.settings = base.with(cell.mode(), cell.factors().overriddenBy(lifted.build()), directory);
        this.cellLatency = cell.factors().latency();
        this.load = load;
        this.progress = progress;
        this.cepsCsv = home.resolve("wiremock/ceps.csv");
        this.seconds = seconds;
        this.partition = partition;
        this.prewarmSeconds = prewarmSeconds;
        this.endpoints = Endpoints.of(settings);
        this.latency = DownstreamLatency.of(settings);
        this.snapshot = snapshot;
        this.cellUsers = cellUsers;
        this.flows = flows;
    }

    /**
     * Whether the lab knows what each request waits downstream: the lab's CEP API, whose latency it switches off for
     * the open runs and adds to their response times afterwards. Where it does not (a user's stubs, or nothing the lab
     * runs), the latency stays as the cells have it and a single user's probe measures the flows' cycle instead.
     */
    private boolean knowsTheDownstreamWait() {
        return !probes(settings.system());
    }

    /** Whether a calibration of {@code system} runs the single-user probe: where the lab does not know the downstream wait. */
    public static boolean probes(SystemUnderTest system) {
        return system.downstream() != SystemUnderTest.Downstream.CEP_API;
    }

    private String servedBy() {
        return settings.system().servedBy(settings.mode());
    }

    /** The runs after the saturated warm-up, in words, for the progress line. */
    private String runs() {
        return switch (settings.system().downstream()) {
            case CEP_API -> "two rates below it with no CEP latency, then saturated with CEP latency " + cellLatency.text();
            case STUBS -> "one user alone, two rates below it, then saturated, all " + (cellLatency instanceof CepLatency.None ? "with the stubs' own delays"
                    : "with the stubs' latency " + cellLatency.text());
            case NONE -> "one user alone, two rates below it, then saturated, all with no stubs";
        };
    }

    public Calibration calibrate(int cores) throws Exception {
        Files.createDirectories(directory);
        progress.calibrating(seconds, servedBy(), runs());
        latency.offForPrewarm();
        load.requireNotAborted();
        stack.startServices(settings);
        try {
            if (snapshot == null) snapshot = DatabaseSnapshot.ofApplication(settings, progress);
            // The first pass, as on every pair of cells (PairOfJvms): fresh JVMs load their classes a few requests at a time.
            FirstPass pass = settings.firstPass();
            if (pass.sends()) {
                String failure = ScenarioCheck.run(load, pass, flows, endpoints, cepsCsv, directory, progress,
                        RunProcesses.of(stack.processes()).servicePids()).failure();
                if (failure != null) throw new IllegalStateException("the fresh services' first requests failed: " + failure);
            }
            // Warm the JIT with the machine saturated first: C2 compiles after thousands of calls, and compiling is CPU
            // too. Warmed at the higher rate only, the lower-rate run that followed answered slower than the higher one
            // after it: the slope measured the JIT, not the requests. Where the preset prewarms,
            // the prewarm is that saturated load, run until the services settle, on every CPU as the cells' are; then
            // a short saturated run on the services' own CPU says what the warm services serve there, which sets the
            // rates and the saturation run's users (a cold warm-up's figure set them too low, and the "saturated" run
            // then left the CPU idle part of the time).
            if (prewarmSeconds > 0) prewarm();
            return measure(cores, prewarmSeconds > 0 ? warmUp("warm", WARM_UNMEASURED_SECONDS) : warmUp("warmup", WARMUP_SECONDS));
        } finally {
            stack.stopServices();
        }
    }

    /**
     * The same measurement on services that are up and warm: a pair of JVMs whose cells have just been measured, with
     * the calibrated cell's mode and factors, which the calibration's lifted limits leave as they are ({@link #canRunOn}).
     * It neither starts, prewarms nor stops them: the cells' prewarm and their load have warmed them further than the
     * calibration's own prewarm would, and a fresh pair would add its start and its prewarm to the run.
     * Their CEP latency is the cells'; the next pair's start sets its own.
     */
    public Calibration calibrateOnWarmServices(int cores, String cells) throws Exception {
        Files.createDirectories(directory);
        progress.calibratingOnWarmServices(seconds, servedBy(), runs(), cells);
        latency.offForPrewarm();
        load.requireNotAborted();
        return measure(cores, warmUp("warm", WARM_UNMEASURED_SECONDS));
    }

    /**
     * Whether services started for {@code cell} are the services the calibration measures: virtual threads (whose Tomcat
     * runs every request on a virtual thread of its own, so its maximum thread count, the one limit the calibration
     * raises that such a cell may set low, holds nothing) or a mode not on threads (no request thread at all), the
     * lookups outside the transaction, no concurrency limit and no limit on the CEP client's connections.
     */
    public static boolean canRunOn(Cell cell) {
        // Lookups inside synchronized pin JDK 21's carriers: saturated, such services measure the pinned bound, not their CPU.
        return !cell.mode().boundByTomcatThreads() && !cell.factors().lookupsInsideTransaction()
                && cell.factors().effectiveConcurrencyLimit() == null && !"synchronized".equals(cell.factors().cepLock())
                && cell.factors().cepMaxConnections() == null;
    }

    /**
     * The measured runs, on warm services whose saturated throughput (no CEP latency) is {@code warmedUp}. A user's
     * application keeps its stubs' latency throughout (see DownstreamLatency): the lab does not know how many calls a
     * request makes to add their latency afterwards, so the open runs' response time already holds it, and the probe
     * measures the scenario's cycle.
     */
    private Calibration measure(int cores, double warmedUp) throws Exception {
        Calibration.Probe probe = knowsTheDownstreamWait() ? null : probe();
        int[] rates = CalibrationLoads.rates(warmedUp);
        Calibration.Run low = measure("rate-" + rates[0], open(rates[0])).run();
        Calibration.Run high = measure("rate-" + rates[1], open(rates[1])).run();
        int users = CalibrationLoads.atTheCellsConcurrency(CalibrationLoads.saturationUsers(cores, high, partition,
                knowsTheDownstreamWait() ? cellLatency.meanMillis() : 0, warmedUp, probe != null ? probe.cycleMs() : 0), cellUsers);
        latency.forCells();
        CalibrationRun.Measured saturation = measure("saturation", closed(users).warmup(SATURATION_WARMUP_SECONDS));
        if (CalibrationLoads.unstable(saturation.client())) {
            // A CPU queue deep enough to push CEP lookups past their deadline: the failed requests' CPU is spread
            // over fewer requests, and the figures measure the collapse, not the cost of a request. At the bound itself
            // the run still saturates, with no queue to speak of.
            int fewer = CalibrationLoads.fewerUsers(users);
            progress.note(String.format(java.util.Locale.ROOT, "calibration: %d of %d requests failed in the saturation run (%s); again with %d users",
                    saturation.client().ko(), saturation.client().requests(), saturation.client().koReasons(), fewer));
            CalibrationRun.Measured again = measure("saturation-again", closed(fewer).warmup(SATURATION_WARMUP_SECONDS));
            if (CalibrationLoads.errorShare(again.client()) < CalibrationLoads.errorShare(saturation.client())) {
                saturation = again;
                users = fewer;
            }
        }
        Calibration.Run saturated = saturation.run();
        Calibration calibration = Calibration.of(cores, rates[1], low, high, saturated, cellLatency.meanMillis(), users).withProbe(probe);
        progress.calibrated(calibration, partition);
        return calibration;
    }

    /**
     * One closed user through the application's scenario: its response time with nothing queued, and its cycle
     * (response and think time). It fails with the request that answered wrong: a scenario whose every run fails
     * measures nothing.
     */
    private Calibration.Probe probe() throws Exception {
        CalibrationRun.Measured probe = measure("probe", closed(1));
        if (probe.client().ok() == 0) {
            load.requireNotAborted();
            throw new IllegalStateException("the single-user probe had no successful request (" + probe.client().koReasons() + ")");
        }
        Calibration.Run run = probe.run();
        Calibration.Probe measured = new Calibration.Probe(run.responseMs(), run.throughput(), probe.poolMeasured());
        progress.note(String.format(java.util.Locale.ROOT, "calibration probe: one user, %.1f ms per response, %.2f req/s (a cycle of %.0f ms)%s",
                measured.responseMs(), measured.throughput(), measured.cycleMs(), measured.poolMeasured() ? "" : "; no Hikari metrics"));
        return measured;
    }

    /**
     * The saturated warm-up; its throughput over its last seconds, once the JIT has done most of its work, is the
     * ceiling the open rates stay below.
     */
    private double warmUp(String name, int unmeasuredSeconds) {
        Path resultsFile = directory.resolve("gatling-results-" + name + ".json");
        ManagedProcess gatling = load.startUnmeasured(closed(CalibrationLoads.SATURATION_USERS).profile(0, WARMUP_HOLD_SECONDS, 0).warmup(unmeasuredSeconds)
                        .resultsFile(resultsFile),
                directory.resolve(name), directory.resolve(name + ".log"));
        return GatlingResults.read(resultsFile, load.await(gatling, 150)).throughput();
    }

    /**
     * Until the JIT settles (see {@link Prewarm}), with the saturated warm-up's users, on every CPU: the model is fitted
     * to saturated cells, so the calibration's services must be warm for saturation, not for half of it (warmed at
     * half the throughput, the saturated run that followed still cost several times a warm service's CPU per
     * request). On the services' one CPU, which their compilers share with their request threads, it did not settle
     * within the cap, where the cells' prewarms on every CPU do.
     *
     * Its throughput is every CPU's, not the services' side's: the warm-up after it measures that.
     */
    private void prewarm() {
        progress.note("calibration prewarm on every CPU: " + CalibrationLoads.SATURATION_USERS + " users until the services' JIT and CPU per request settle, at most "
                + prewarmSeconds + " s");
        stack.onEveryCpu(() -> new Prewarm(load, progress).run(closed(CalibrationLoads.SATURATION_USERS).resultsFile(directory.resolve("gatling-results-prewarm.json")),
                endpoints.services(),
                RunProcesses.of(stack.processes()).services(), prewarmSeconds, directory, Prewarm.Rule.FIRST, () -> { }));
    }

    private LoadProperties closed(int users) {
        return LoadProperties.closed(gateway(), cepsCsv, users);
    }

    private LoadProperties open(int rate) {
        return LoadProperties.open(gateway(), cepsCsv, rate);
    }

    private String gateway() {
        return endpoints.gateway();
    }

    private CalibrationRun.Measured measure(String name, LoadProperties workload) throws Exception {
        if (snapshot != null) snapshot.restore();
        else if (settings.system().dataBetweenRuns() == SystemUnderTest.DataBetweenRuns.EMPTIED) new DatabaseReset(settings.jdbcUrl()).truncate();
        return new CalibrationRun(stack, load, progress, endpoints, directory, seconds).measure(name, workload);
    }

    /** Roughly how long the calibration takes here. */
    public static long estimateSeconds(int seconds) {
        return 30 + 20 + 3 * (seconds + 8) + SATURATION_WARMUP_SECONDS + 12;
    }

    /** The same on services that are up and warm: the short warm-up and the three measured runs. */
    public static long estimateOnWarmSeconds(int seconds) {
        return 15 + 3 * (seconds + 8) + SATURATION_WARMUP_SECONDS;
    }
}
