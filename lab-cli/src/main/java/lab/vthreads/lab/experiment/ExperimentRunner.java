package lab.vthreads.lab.experiment;

import com.github.tomakehurst.wiremock.client.HttpAdminClient;
import lab.vthreads.infra.cep.CepLatencySwitch;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.lab.load.GatlingRun;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.model.ScaledScenario;
import lab.vthreads.lab.stack.ResourceLimit;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.Stack;
import lab.vthreads.lab.stack.StackSettings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a preset: PostgreSQL and the CEP API once, then for every repeat and every cell (interleaved, so drift in the
 * machine's speed hits both modes alike) fresh services, a warm-up, an empty database, the measured Gatling run with
 * sampling, and a stop. A run under more hypervisor steal than the threshold is flagged and, by default, run again.
 */
public final class ExperimentRunner {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * @param calibrationSeconds how long the calibration's measured run holds its rate
     * @param scale              move the preset's published scenario to this machine after calibrating (ScaledScenario)
     */
    public record Options(Preset preset, boolean shortVariant, Path home, Path resultsDirectory, StackSettings.StackPorts ports,
                          double stealThreshold, boolean rerunOnSteal, int calibrationSeconds, boolean scale, PrintStream out) {
    }

    /**
     * Two rates low enough that nothing queues (at most about half of this path's CPU bound on 2 cores), far enough
     * apart for the slope of CPU against throughput.
     */
    static final int[] CALIBRATION_RATES = {30, 90};

    /** Closed users with no CEP latency: enough to keep 2 cores busy (a request takes ~5 ms here), few enough not to queue long. */
    static final int SATURATION_USERS = 32;

    private final Options options;
    private Preset preset;
    private final List<Cell> cells = new ArrayList<>();
    private final Instant started = Instant.now();
    private int runsDone;
    // What abort() must stop when the JVM is asked to exit mid-run (a shutdown hook cannot rely on finally blocks).
    private volatile Stack running;
    private volatile ManagedProcess runningLoad;
    private volatile boolean aborted;
    private final List<ManagedProcess> loadGenerators = new java.util.concurrent.CopyOnWriteArrayList<>();
    private int liveLines;

    public ExperimentRunner(Options options) {
        this.options = options;
        this.preset = options.preset();
        if (options.scale() && (preset.published() == null || preset.published().scaling() == null)) {
            throw new IllegalArgumentException("Preset " + preset.name() + " has no published thread and CPU bounds to scale (published.scaling)");
        }
        cells.addAll(preset.cells());
    }

    /**
     * Stops whatever is running (the load generator, then the services and the infrastructure, each by its PID):
     * for a shutdown hook, because on SIGTERM or Ctrl-C the JVM exits without running the experiment's finally blocks.
     */
    public void abort() {
        aborted = true;
        ManagedProcess load = runningLoad;
        if (load != null) load.stop();
        Stack stack = running;
        if (stack != null) stack.close();
    }

    /** Every load-generator process this runner started (for tests that check nothing outlives it). */
    List<ManagedProcess> loadGenerators() {
        return List.copyOf(loadGenerators);
    }

    Stack runningStack() {
        return running;
    }

    private ManagedProcess loadGenerator(Path home, String simulation, Map<String, String> properties, Path resultsFolder, Path log) {
        requireNotAborted();
        ManagedProcess process = GatlingRun.start(home, simulation, properties, resultsFolder, log);
        loadGenerators.add(process);
        runningLoad = process;
        return process;
    }

    private void requireNotAborted() {
        if (aborted) throw new StartFailure("the experiment was stopped");
    }

    private void startServices(Stack stack, StackSettings settings) {
        requireNotAborted();
        stack.startServices(settings);
    }

    public List<Cell> cells() {
        return List.copyOf(cells);
    }

    /** Roughly how long one measured run of a cell takes here, start-up and stop included. */
    public Duration estimatePerRun() {
        return Duration.ofSeconds(30 + preset.warmupSeconds() + preset.measuredSeconds() + 12);
    }

    public Duration estimateCalibration() {
        return Duration.ofSeconds(30 + 20 + 3 * (options.calibrationSeconds() + 8) + 12);
    }

    public ExperimentResults run() throws Exception {
        Files.createDirectories(options.resultsDirectory());
        Map<Cell, List<ExperimentResults.RepeatResult>> results = new LinkedHashMap<>();
        Map<Cell, List<String>> failures = new LinkedHashMap<>();
        StackSettings infraSettings = settingsFor(cells.getFirst(), options.resultsDirectory().resolve("infra"));
        Files.createDirectories(infraSettings.runDirectory());
        ExperimentResults.Environment environment;
        Calibration calibration;
        ScaledScenario scaled = null;
        try (Stack stack = Stack.startInfrastructure(infraSettings)) {
            running = stack;
            environment = Environments.describe(options.home(), stack);
            calibration = calibrate(stack, environment.cores());
            if (options.scale()) {
                scaled = scale(calibration);
            }
            // Only now are the cells final: --scale replaces them with the machine's Tomcat threads and users.
            cells.forEach(c -> results.put(c, new ArrayList<>()));
            for (int repeat = 1; repeat <= preset.repeat(); repeat++) {
                for (Cell cell : cells) {
                    try {
                        ExperimentResults.RepeatResult result = runCell(stack, cell, repeat, 1);
                        if (result.stealFlagged() && options.rerunOnSteal()) {
                            options.out().printf("  steal %.1f%% over %.0f%%: running %s again%n", result.machine().meanSteal() * 100,
                                    options.stealThreshold() * 100, cell.id());
                            result = runCell(stack, cell, repeat, 2);
                        }
                        results.get(cell).add(result);
                    } catch (StartFailure e) {
                        // One cell that cannot start (a bad factor, a port) must not cost the others their results.
                        if (aborted) throw e;
                        options.out().printf("  %s, repeat %d, did not run: %s%n", cell.id(), repeat, e.getMessage().lines().findFirst().orElse(""));
                        failures.computeIfAbsent(cell, c -> new ArrayList<>()).add("repeat " + repeat + ": " + e.getMessage());
                        runsDone++;
                    }
                }
            }
        }
        deleteRecursively(infraSettings.runDirectory().resolve("postgres-data"));
        List<ExperimentResults.CellResult> cellResults = new ArrayList<>();
        results.forEach((cell, repeats) -> cellResults.add(new ExperimentResults.CellResult(cell.id(), cell.variant(), cell.mode().label(),
                cell.users(), cell, repeats, failures.getOrDefault(cell, List.of()))));
        return new ExperimentResults(ExperimentResults.SCHEMA_VERSION, preset.name(), preset.description(), preset.why(),
                options.shortVariant(), started.toString(), Instant.now().toString(), environment, preset, calibration, scaled, cellResults,
                ExperimentResults.UNITS);
    }

    /**
     * The cost of one request on this machine, before any cell: fresh services, CEP latency none, an open workload at
     * {@link #CALIBRATION_RATE}/s (warm-up, then measured), CPU per process and the request's use of the CEP API and
     * the pool, from the seconds after Gatling's own start-up.
     */
    private Calibration calibrate(Stack stack, int cores) throws Exception {
        Cell first = cells.getFirst();
        Path dir = options.resultsDirectory().resolve("calibration");
        Files.createDirectories(dir);
        options.out().printf("Calibrating: %d and %d req/s, then %d closed users, %d s each, no CEP latency, %s threads%n", CALIBRATION_RATES[0],
                CALIBRATION_RATES[1], SATURATION_USERS, options.calibrationSeconds(), first.mode().label());
        StackSettings settings = settingsFor(first, dir);
        CepLatencySwitch.apply(new HttpAdminClient("127.0.0.1", settings.ports().wiremock()), new CepLatency.None());
        startServices(stack, settings);
        try {
            // Warm the JIT with the machine saturated first: C2 compiles after thousands of calls, and compiling is CPU
            // too. Warmed at 90 req/s for 15 s, the 30 req/s run that followed answered slower (p50 31 ms) than the
            // 90 req/s run after it (21 ms): the slope measured the JIT, not the requests.
            Map<String, String> load = loadProperties(first, null, 0, 20, 0);
            load.put("users", Integer.toString(SATURATION_USERS));
            GatlingRun.await(loadGenerator(options.home(), simulationClass(), load, dir.resolve("warmup"), dir.resolve("warmup.log")), 135);
            Calibration.Run low = calibrationRun(stack, settings, first, dir, "rate-" + CALIBRATION_RATES[0], openAt(CALIBRATION_RATES[0]));
            Calibration.Run high = calibrationRun(stack, settings, first, dir, "rate-" + CALIBRATION_RATES[1], openAt(CALIBRATION_RATES[1]));
            Calibration.Run saturated = calibrationRun(stack, settings, first, dir, "saturation",
                    Map.of("workload", "closed", "users", Integer.toString(SATURATION_USERS)));
            Calibration calibration = Calibration.of(cores, low, high, saturated);
            options.out().printf("  CPU per request %.2f ms at low load %s, %.2f ms at saturation (%.0f req/s, %.0f%% busy); response %.1f ms; "
                            + "%.2f CEP lookups and %.2f connections per request, held %.1f ms; CPU bound %.0f req/s%n",
                    calibration.totalCpuMsPerRequest(), rounded(calibration.cpuMsPerRequest()), calibration.saturatedCpuMsPerRequest(),
                    calibration.saturatedThroughput(), calibration.saturatedBusy() * 100, calibration.responseMs(), calibration.cepLookupsPerRequest(),
                    calibration.connectionsPerRequest(), calibration.connectionHoldMs(), calibration.cpuBound());
            return calibration;
        } finally {
            stack.stopServices();
        }
    }

    private static Map<String, String> openAt(int rate) {
        return Map.of("workload", "open", "rate", Integer.toString(rate));
    }

    private Calibration.Run calibrationRun(Stack stack, StackSettings settings, Cell first, Path dir, String name, Map<String, String> workload)
            throws Exception {
        truncate(settings);
        Map<String, ManagedProcess> measured = new LinkedHashMap<>();
        stack.processes().forEach((component, process) -> measured.put(component.label(), process));
        Map<String, String> load = loadProperties(first, dir.resolve("gatling-results-" + name + ".json"), 0, options.calibrationSeconds(), 0);
        load.putAll(workload);
        ManagedProcess gatling = loadGenerator(options.home(), simulationClass(), load, dir.resolve("gatling-" + name), dir.resolve("gatling-" + name + ".log"));
        measured.put("gatling", gatling);
        Sampler sampler = new Sampler("http://127.0.0.1:" + settings.ports().pessoaManagement(),
                "http://127.0.0.1:" + settings.ports().gatewayManagement(), measured, line -> { });
        try {
            GatlingRun.await(gatling, options.calibrationSeconds() + 150L);
        } finally {
            sampler.close();
        }
        return sampler.calibrationRun(measured.keySet());
    }

    private ScaledScenario scale(Calibration calibration) {
        Published.Scaling s = preset.published().scaling();
        double hold = calibration.responseMs(preset.latency().meanMillis()) / 1000;
        ScaledScenario scaled = ScaledScenario.of(s.threadBound(), s.cpuBound(), s.tomcatThreads(), preset.users(), calibration.cpuBound(), hold);
        options.out().println("Scaled to this machine: " + scaled.explanation());
        preset = preset.withThreadsAndUsers(scaled.tomcatThreads(), scaled.users());
        cells.clear();
        cells.addAll(preset.cells());
        return scaled;
    }

    private static Map<String, String> rounded(Map<String, Double> values) {
        Map<String, String> r = new LinkedHashMap<>();
        values.forEach((k, v) -> r.put(k, String.format(java.util.Locale.ROOT, "%.2f", v)));
        return r;
    }

    private ExperimentResults.RepeatResult runCell(Stack stack, Cell cell, int repeat, int attempt) throws Exception {
        int total = cells.size() * preset.repeat();
        Path dir = options.resultsDirectory().resolve("cells").resolve(cell.id()).resolve("r" + repeat + (attempt > 1 ? "-again" : ""));
        Files.createDirectories(dir);
        Duration elapsed = Duration.between(started, Instant.now());
        Duration left = estimatePerRun().multipliedBy(Math.max(0, total - runsDone));
        options.out().printf("[%d/%d] %s, repeat %d: elapsed %s, about %s left%n", Math.min(total, runsDone + 1), total, cell.id(), repeat,
                format(elapsed), format(left));
        StackSettings settings = settingsFor(cell, dir);
        CepLatencySwitch.apply(new HttpAdminClient("127.0.0.1", settings.ports().wiremock()), preset.latency());
        startServices(stack, settings);
        try {
            warmUp(cell, dir);
            truncate(settings);
            Map<String, ManagedProcess> measured = new LinkedHashMap<>();
            stack.processes().forEach((component, process) -> measured.put(component.label(), process));
            Path resultsFile = dir.resolve("gatling-results.json");
            ManagedProcess gatling = loadGenerator(options.home(), simulationClass(), loadProperties(cell, resultsFile, preset.rampUpSeconds(),
                    preset.holdSeconds(), preset.rampDownSeconds()), dir.resolve("gatling"), dir.resolve("gatling.log"));
            measured.put("gatling", gatling);
            int exit;
            Sampler sampler = new Sampler("http://127.0.0.1:" + settings.ports().pessoaManagement(),
                    "http://127.0.0.1:" + settings.ports().gatewayManagement(), measured, this::live);
            try {
                exit = GatlingRun.await(gatling, preset.measuredSeconds() + 180L);
            } finally {
                sampler.close();
                endLive();
            }
            runsDone++;
            return repeatResult(repeat, attempt, dir, resultsFile, exit, sampler, measured.keySet());
        } finally {
            stack.stopServices();
        }
    }

    private void warmUp(Cell cell, Path dir) {
        if (preset.warmupSeconds() == 0) return;
        ManagedProcess warmup = loadGenerator(options.home(), simulationClass(),
                loadProperties(cell, null, Math.min(5, preset.warmupSeconds()), preset.warmupSeconds(), 0),
                dir.resolve("warmup"), dir.resolve("warmup.log"));
        GatlingRun.await(warmup, preset.warmupSeconds() + 120L);
    }

    private Map<String, String> loadProperties(Cell cell, Path resultsFile, int rampUp, int hold, int rampDown) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("baseUrl", "http://127.0.0.1:" + options.ports().gateway());
        properties.put("users", Integer.toString(cell.users()));
        properties.put("workload", preset.workload());
        properties.put("rampUp", Integer.toString(rampUp));
        properties.put("hold", Integer.toString(hold));
        properties.put("rampDown", Integer.toString(rampDown));
        properties.put("ceps", options.home().resolve("wiremock/ceps.csv").toString());
        // The lab records errors instead of asserting on them: a cell with errors is a result, not a crash.
        properties.put("maxKoPercent", "100");
        if (resultsFile != null) properties.put("resultsFile", resultsFile.toString());
        return properties;
    }

    private String simulationClass() {
        return preset.simulation().contains(".") ? preset.simulation() : "lab.vthreads.gatling." + preset.simulation();
    }

    private ExperimentResults.RepeatResult repeatResult(int repeat, int attempt, Path dir, Path resultsFile, int exit, Sampler sampler,
                                                        java.util.Set<String> processNames) {
        ExperimentResults.Client client = client(resultsFile, exit);
        Map<String, ExperimentResults.ProcessUsage> processes = new LinkedHashMap<>();
        for (String name : processNames) {
            processes.put(name, new ExperimentResults.ProcessUsage(zeroIfNaN(sampler.mean("cpu." + name)), zeroIfNaN(sampler.peak("rssMb." + name))));
        }
        ExperimentResults.Machine machine = sampler.machine();
        String report;
        try {
            report = options.resultsDirectory().relativize(GatlingRun.reportOf(dir.resolve("gatling")).resolve("index.html")).toString();
        } catch (RuntimeException e) {
            report = null;
        }
        return new ExperimentResults.RepeatResult(repeat, Instant.now().toString(), client, sampler.server(), processes, machine,
                sampler.samples(), report, machine.meanSteal() > options.stealThreshold(), attempt);
    }

    static ExperimentResults.Client client(Path resultsFile, int exit) {
        if (!Files.isRegularFile(resultsFile)) {
            return new ExperimentResults.Client(0, 0, 0, 0, new ExperimentResults.Latency(0, 0, 0, 0, 0), Map.of("Gatling wrote no results", 1L), 0, 0, false, exit);
        }
        JsonNode r = JSON.readTree(resultsFile.toFile());
        long ok = r.get("ok").asLong(), ko = r.get("ko").asLong();
        int from = r.get("steadyWindowSeconds").get(0).asInt(), to = r.get("steadyWindowSeconds").get(1).asInt();
        long steadyOk = 0;
        JsonNode perSecond = r.get("okPerSecond");
        for (int i = from; i < to && i < perSecond.size(); i++) steadyOk += perSecond.get(i).asLong();
        JsonNode latency = r.get("steadyOkLatencyMs").get("count").asLong() > 0 ? r.get("steadyOkLatencyMs") : r.get("okLatencyMs");
        Map<String, Long> reasons = new LinkedHashMap<>();
        r.get("koReasons").properties().forEach(e -> reasons.put(e.getKey(), e.getValue().asLong()));
        long created = r.get("created201").asLong();
        boolean countRead = !r.path("countAfter").isNull() && !r.path("countAfter").isMissingNode();
        if (!countRead) reasons.put("count endpoint unreadable after the run", 1L);
        long delta = countRead ? r.get("countAfter").asLong() - r.get("countBefore").asLong() : -1;
        return new ExperimentResults.Client(ok + ko, ok, ko, to > from ? (double) steadyOk / (to - from) : 0,
                new ExperimentResults.Latency(latency.path("mean").asDouble(), latency.path("p50").asDouble(), latency.path("p95").asDouble(),
                        latency.path("p99").asDouble(), latency.path("max").asDouble()),
                reasons, created, delta, countRead && created == delta, exit);
    }

    private StackSettings settingsFor(Cell cell, Path runDirectory) {
        Map<StackSettings.Component, ResourceLimit> limits = new java.util.EnumMap<>(StackSettings.Component.class);
        if (preset.limits() != null) {
            preset.limits().forEach((component, limit) -> limits.put(StackSettings.Component.of(component), ResourceLimit.parse(limit)));
        }
        return new StackSettings(cell.mode(), cell.tomcatThreads(), cell.poolSize(), cell.poolTimeoutMs(), preset.latency(),
                cell.cepInsideTransaction(), cell.concurrencyLimit(), cell.hikariCp(), options.ports(), limits, null, options.home(), runDirectory);
    }

    /** Every cell starts from an empty database (the warm-up's rows are gone too). */
    private static void truncate(StackSettings settings) throws SQLException {
        try (Connection c = DriverManager.getConnection(settings.jdbcUrl(), EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
             Statement s = c.createStatement()) {
            s.execute("TRUNCATE endereco, pessoa");
        }
    }

    private void live(String line) {
        if (System.console() != null) {
            options.out().print("\r  " + line + "   ");
        } else if (liveLines++ % 10 == 0) {
            options.out().println("  " + line);
        }
    }

    private void endLive() {
        if (System.console() != null) options.out().println();
    }

    private static double zeroIfNaN(double value) {
        return Double.isNaN(value) ? 0 : value;
    }

    /** The embedded database's files are scratch, not results: tens of MB per experiment. */
    private static void deleteRecursively(Path directory) throws java.io.IOException {
        if (!Files.exists(directory)) return;
        try (var paths = Files.walk(directory)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    static String format(Duration d) {
        return String.format("%02d:%02d", d.toMinutes(), d.toSecondsPart());
    }

}
