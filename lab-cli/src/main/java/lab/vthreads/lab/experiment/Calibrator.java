package lab.vthreads.lab.experiment;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.load.GatlingResults;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.metrics.Window;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.metrics.SystemStats;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.Stack;
import lab.vthreads.lab.stack.StackSettings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * above the saturation run's users, the lookups outside the transaction, no concurrency limit.
 */
final class Calibrator {

    /**
     * The highest of the two open-workload rates: low enough that nothing queues on 2 unshared cores, where this
     * path's CPU bound is above 200 req/s. The rates come down with a smaller bound (see {@link #rates}).
     */
    static final int MAX_RATE = 90;

    /** The lowest of the higher rate: below it, the slope between the two rates drowns in the background's noise. */
    static final int MIN_RATE = 15;

    /** The share of the warmed-up saturated throughput the higher rate asks for: far enough below it that nothing queues. */
    static final double RATE_SHARE = 0.4;

    /** Closed users for the warm-up, and the fewest for a saturation run: enough to keep 2 cores busy at ~5 ms a request. */
    static final int SATURATION_USERS = 32;

    /** The saturation run's users over the CPU bound × the response time: a queue, so that the CPU never idles. */
    static final double SATURATION_HEADROOM = 1.5;

    /** Beyond this share of failed requests a saturation run measured a collapse, not the request path. */
    static final double UNSTABLE_SHARE = 0.01;

    /** The most users a saturation run gets, and so the Tomcat threads the calibration's services run with. */
    static final int MAX_SATURATION_USERS = 1000;

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

    /** The load generator's own JVM start-up, left out of every calibration window. */
    private static final double START_UP_SECONDS = 10;

    private final Stack stack;
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

    Calibrator(Stack stack, StackSettings base, Cell cell, LoadGenerators load, Progress progress, Path resultsDirectory, Path home, int seconds,
               Partition partition) {
        this(stack, base, cell, load, progress, resultsDirectory, home, seconds, partition, 0, null);
    }

    /**
     * @param cell           the calibrated cell: its mode and factors, every limit but the CPU lifted
     * @param prewarmSeconds the preset's: where its cells wait for a settled JIT, the calibration does too, so that the
     *                       CPU it measures per request is a warm service's, as in the cells it predicts
     * @param snapshot       a user's application's data, put back before each run as before each cell; null: the lab's
     *                       own tables are emptied instead (or, for an application with its own database, nothing)
     */
    Calibrator(Stack stack, StackSettings base, Cell cell, LoadGenerators load, Progress progress, Path resultsDirectory, Path home, int seconds,
               Partition partition, int prewarmSeconds, DatabaseSnapshot snapshot) {
        this.stack = stack;
        this.directory = resultsDirectory.resolve("calibration");
        // A user's application has only the thread limit to lift: the others are pessoa-service's switches.
        Factors.Builder lifted = Factors.builder().tomcatThreads(Math.max(cell.factors().effectiveTomcatThreads(), MAX_SATURATION_USERS));
        if (base.application() == null) lifted.cepInsideTransaction(false).concurrencyLimit(-1);
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
    }

    private boolean application() {
        return settings.application() != null;
    }

    Calibration calibrate(int cores) throws Exception {
        Files.createDirectories(directory);
        progress.calibrating(seconds, settings.mode().label(), cellLatency.text());
        latency.offForPrewarm();
        load.requireNotAborted();
        stack.startServices(settings);
        try {
            if (snapshot == null) snapshot = DatabaseSnapshot.ofApplication(settings, progress);
            // Warm the JIT with the machine saturated first: C2 compiles after thousands of calls, and compiling is CPU
            // too. Warmed at 90 req/s for 15 s, the 30 req/s run that followed answered slower (p50 31 ms) than the
            // 90 req/s run after it (21 ms): the slope measured the JIT, not the requests. Where the preset prewarms,
            // the prewarm is that saturated load, run until the services settle, on every CPU as the cells' are; then
            // a short saturated run on the services' own CPU says what the warm services serve there, which sets the
            // rates and the saturation run's users (a cold warm-up's figure set them too low: the default preset's
            // "saturated" run then kept the machine 67-92% busy).
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
     * calibration's own prewarm would, and a fresh pair and its prewarm cost the first run after a build 1.5-2 minutes.
     * Their CEP latency is the cells'; the next pair's start sets its own.
     */
    Calibration calibrateOnWarmServices(int cores, String cells) throws Exception {
        Files.createDirectories(directory);
        progress.calibratingOnWarmServices(seconds, settings.mode().label(), cellLatency.text(), cells);
        latency.offForPrewarm();
        load.requireNotAborted();
        return measure(cores, warmUp("warm", WARM_UNMEASURED_SECONDS));
    }

    /**
     * Whether services started for {@code cell} are the services the calibration measures: virtual threads (whose Tomcat
     * runs every request on a virtual thread of its own, so its maximum thread count, the one limit the calibration
     * raises that such a cell may set low, holds nothing), the lookups outside the transaction, and no concurrency limit.
     */
    static boolean canRunOn(Cell cell) {
        // Lookups inside synchronized pin JDK 21's carriers: saturated, such services measure the pinned bound, not their CPU.
        return cell.mode() == lab.vthreads.lab.stack.ThreadMode.VIRTUAL && !cell.factors().lookupsInsideTransaction()
                && cell.factors().effectiveConcurrencyLimit() == null && !"synchronized".equals(cell.factors().cepLock());
    }

    /**
     * The measured runs, on warm services whose saturated throughput (no CEP latency) is {@code warmedUp}. A user's
     * application keeps its stubs' latency throughout (see DownstreamLatency): the lab does not know how many calls a
     * request makes to add their latency afterwards, so the open runs' response time already holds it, and the probe
     * measures the scenario's cycle.
     */
    private Calibration measure(int cores, double warmedUp) throws Exception {
        Calibration.Probe probe = application() ? probe() : null;
        int[] rates = rates(warmedUp);
        Calibration.Run low = measure("rate-" + rates[0], open(rates[0])).run();
        Calibration.Run high = measure("rate-" + rates[1], open(rates[1])).run();
        int users = saturationUsers(cores, high, partition, application() ? 0 : cellLatency.meanMillis(), warmedUp);
        latency.forCells();
        Measured saturation = measure("saturation", closed(users).warmup(SATURATION_WARMUP_SECONDS));
        if (unstable(saturation.client())) {
            // A CPU queue deep enough to push CEP lookups past their deadline: the failed requests' CPU is spread
            // over fewer requests, and the figures measure the collapse (one of three default calibrations at
            // 8da3cb0: 216 x 504, 178 req/s and 2-2.8 times the CPU per request of the other two). At the bound itself
            // the run still saturates, with no queue to speak of.
            int fewer = fewerUsers(users);
            progress.note(String.format(java.util.Locale.ROOT, "calibration: %d of %d requests failed in the saturation run (%s); again with %d users",
                    saturation.client().ko(), saturation.client().requests(), saturation.client().koReasons(), fewer));
            Measured again = measure("saturation-again", closed(fewer).warmup(SATURATION_WARMUP_SECONDS));
            if (errorShare(again.client()) < errorShare(saturation.client())) {
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
        Measured probe = measure("probe", closed(1));
        if (probe.client().ok() == 0) {
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
        ManagedProcess gatling = load.start(closed(SATURATION_USERS).profile(0, WARMUP_HOLD_SECONDS, 0).warmup(unmeasuredSeconds).resultsFile(resultsFile),
                directory.resolve(name), directory.resolve(name + ".log"));
        return GatlingResults.read(resultsFile, load.await(gatling, 150)).throughput();
    }

    /**
     * Until the JIT settles (see {@link Prewarm}), with the saturated warm-up's users, on every CPU: the model is fitted
     * to saturated cells, so the calibration's services must be warm for saturation, not for half of it (at half the
     * warmed-up throughput the saturated run that followed still cost pessoa-service 4.3-4.8 ms per request, against
     * 1.1-1.4 ms once warm). On the services' one CPU, which their compilers share with their request threads, it did
     * not settle in 150 s here (pessoa-service's compilers at work for 22% of its last 10 s, throughput still +20%),
     * where the cells' prewarms on every CPU settled in 73-108 s.
     *
     * Its throughput is every CPU's, not the services' side's: the warm-up after it measures that.
     */
    private void prewarm() {
        progress.note("calibration prewarm on every CPU: " + SATURATION_USERS + " users until the services' JIT and CPU per request settle, at most "
                + prewarmSeconds + " s");
        stack.onEveryCpu(() -> new Prewarm(load, progress).run(closed(SATURATION_USERS).resultsFile(directory.resolve("gatling-results-prewarm.json")),
                endpoints.services(),
                Prewarm.serviceProcesses(stack.processes()), prewarmSeconds, directory, Prewarm.Rule.FIRST, () -> { }));
    }

    /**
     * Two open rates three times apart, the higher {@link #RATE_SHARE} of the warmed-up throughput, between
     * {@link #MIN_RATE} and {@link #MAX_RATE}. Fixed at 30 and 90, a calibration on one isolated CPU, where the
     * services still compiled after the warm-up (41 req/s saturated), could serve only 55 of the 90 asked for: the
     * slope then measured a queue.
     */
    static int[] rates(double warmedUpThroughput) {
        int high = (int) Math.max(MIN_RATE, Math.min(MAX_RATE, Math.round(RATE_SHARE * warmedUpThroughput)));
        return new int[]{Math.max(1, Math.round(high / 3f)), high};
    }

    /**
     * Enough closed users to saturate the CPU with the cells' latency: {@link #SATURATION_HEADROOM} × the CPU bound ×
     * the response time with latency, by Little's law. The bound is the larger of two estimates: the throughput the
     * saturated warm-up measured (no CEP latency, so the CPU bound itself, as warm as the services were then), and the
     * system side's CPUs ÷ what the services and PostgreSQL spent per request at the higher rate, which at 20-30 req/s
     * still holds their background and their coldness (the default preset's prewarmed calibrations: 51-76 users,
     * 67-92% busy, so a "saturation" run that measured the users). On a partitioned machine that side is the services' and PostgreSQL's
     * alone (counting the load side's too gave 32 users here, and a run that kept the machine only 75% busy).
     */
    static int saturationUsers(int cores, Calibration.Run high, Partition partition, double cepMeanMs, double saturatedThroughput) {
        boolean isolated = partition.isolated();
        double cpuPerRequest = high.cores().entrySet().stream().filter(e -> !isolated || Calibration.SYSTEM.contains(e.getKey()))
                .mapToDouble(Map.Entry::getValue).sum() / high.throughput();
        int sharing = isolated ? partition.systemCpuCount() : cores;
        double bound = Math.max(sharing / Math.max(1e-6, cpuPerRequest), saturatedThroughput);
        double responseSeconds = (high.responseMs() + high.cepLookupsPerRequest() * cepMeanMs) / 1000;
        return (int) Math.max(SATURATION_USERS, Math.min(MAX_SATURATION_USERS, Math.ceil(SATURATION_HEADROOM * bound * responseSeconds)));
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

    /**
     * A calibration run's figures, and what its load generator saw.
     *
     * @param poolMeasured whether the services showed Hikari's gauges in the run
     */
    private record Measured(Calibration.Run run, ClientResult client, boolean poolMeasured) {
    }

    static boolean unstable(ClientResult client) {
        return errorShare(client) > UNSTABLE_SHARE;
    }

    private static double errorShare(ClientResult client) {
        return client.requests() > 0 ? (double) client.ko() / client.requests() : 0;
    }

    /** The users at the bound itself, without the saturation run's headroom. */
    static int fewerUsers(int users) {
        return Math.max(SATURATION_USERS, (int) Math.ceil(users / SATURATION_HEADROOM));
    }

    private Measured measure(String name, LoadProperties workload) throws Exception {
        if (snapshot != null) snapshot.restore();
        else if (!application()) new DatabaseReset(settings.jdbcUrl()).truncate();
        Map<String, ManagedProcess> measured = new LinkedHashMap<>();
        stack.processes().forEach((component, process) -> measured.put(component.label(), process));
        Path resultsFile = directory.resolve("gatling-results-" + name + ".json");
        ManagedProcess gatling = load.start(workload.profile(0, seconds, 0).resultsFile(resultsFile), directory.resolve("gatling-" + name),
                directory.resolve("gatling-" + name + ".log"));
        measured.put("gatling", gatling);
        Sampler sampler = new Sampler(endpoints.pessoaManagement(), endpoints.gatewayManagement(), measured, line -> { }, SystemStats.SYSTEM,
                stack::countedCpuSeconds);
        int exit;
        try {
            exit = load.await(gatling, seconds + 150L);
        } finally {
            sampler.close();
        }
        ExperimentResults.Sampling sampling = sampler.sampling();
        if (sampling.dropped() > 0) {
            progress.note(String.format(java.util.Locale.ROOT, "calibration %s: the sampler dropped %d of %d seconds%s (first: %s)", name,
                    sampling.dropped(), sampling.taken(), sampling.thin() ? ", too many: its CPU figures are thin" : "", sampling.firstError()));
        }
        ClientResult client = GatlingResults.read(resultsFile, exit);
        List<Map<String, Double>> samples = sampler.samples();
        boolean pool = samples.stream().anyMatch(x -> x.containsKey(SampleKeys.PESSOA_HIKARI_ACTIVE) && !x.get(SampleKeys.PESSOA_HIKARI_ACTIVE).isNaN());
        return new Measured(window(samples, measured.keySet(), loadWindow(client, sampler.startEpochMs())), client, pool);
    }

    /**
     * The load generator's own window, less its first two seconds (connections opening, the first requests' class
     * loading) and its last; null when it reported none.
     */
    static Window loadWindow(ClientResult client, long samplerStartEpochMs) {
        if (client.holdFromEpochMs() == null) return null;
        double from = (client.holdFromEpochMs() - samplerStartEpochMs) / 1000.0 + 2, to = (client.holdToEpochMs() - samplerStartEpochMs) / 1000.0 - 1;
        return to - from >= 3 ? new Window(from, to) : null;
    }

    /**
     * The calibration's figures over the load generator's window: CPU as the time-weighted mean of each process's
     * cores, the request's use of the CEP API and the pool from the counters' growth. Without a window (an old load
     * generator), the seconds after its own start-up and before its end.
     */
    static Calibration.Run window(List<Map<String, Double>> samples, Set<String> processNames, Window loadWindow) {
        List<Map<String, Double>> all = samples.stream().filter(x -> x.containsKey(SampleKeys.GATEWAY_REQUESTS)).toList();
        if (all.size() < 2) {
            throw new IllegalStateException("The calibration run produced too few samples (" + all.size() + ") to measure anything");
        }
        double lastT = all.getLast().get(SampleKeys.TIME);
        Window window = loadWindow != null ? loadWindow : lastT - 2 > START_UP_SECONDS + 1 ? new Window(START_UP_SECONDS, lastT - 2)
                : new Window(all.getFirst().get(SampleKeys.TIME), lastT);
        double requests = window.delta(all, SampleKeys.GATEWAY_REQUESTS);
        double wall = spanOf(all, window);
        if (!(requests > 0) || !(wall > 0)) {
            throw new IllegalStateException("The calibration run served no request through the gateway; see calibration/gatling.log");
        }
        Map<String, Double> cores = new LinkedHashMap<>();
        for (String name : processNames) {
            // Not measured (no /proc) stays out: the model then names the CPU as not bounded instead of free.
            double used = window.mean(samples, SampleKeys.cpu(name));
            if (!Double.isNaN(used)) cores.put(name, used);
        }
        double usages = window.delta(all, SampleKeys.PESSOA_USAGES);
        return new Calibration.Run(wall, requests / wall, cores, window.delta(all, SampleKeys.GATEWAY_REQUEST_SECONDS) / requests * 1000,
                zeroIfNaN(window.delta(all, SampleKeys.PESSOA_CEP_CALLS)) / requests, zeroIfNaN(window.delta(all, SampleKeys.PESSOA_ACQUIRES)) / requests,
                usages > 0 ? window.delta(all, SampleKeys.PESSOA_USAGE_SECONDS) / usages * 1000 : 0,
                zeroIfNaN(window.mean(samples, SampleKeys.MACHINE_BUSY)));
    }

    /** The seconds between the first and the last sample inside the window: what the counters' growth spans. */
    private static double spanOf(List<Map<String, Double>> samples, Window window) {
        List<Double> inside = samples.stream().map(s -> s.get(SampleKeys.TIME)).filter(t -> t >= window.from() && t <= window.to()).toList();
        return inside.size() < 2 ? 0 : inside.getLast() - inside.getFirst();
    }

    private static double zeroIfNaN(double value) {
        return Double.isNaN(value) ? 0 : value;
    }

    /** Roughly how long the calibration takes here. */
    static long estimateSeconds(int seconds) {
        return 30 + 20 + 3 * (seconds + 8) + SATURATION_WARMUP_SECONDS + 12;
    }

    /** The same on services that are up and warm: the short warm-up and the three measured runs (133 s here at 30 s each). */
    static long estimateOnWarmSeconds(int seconds) {
        return 15 + 3 * (seconds + 8) + SATURATION_WARMUP_SECONDS;
    }
}
