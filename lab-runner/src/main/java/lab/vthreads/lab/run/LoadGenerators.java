package lab.vthreads.lab.run;

import lab.vthreads.lab.load.GatlingRun;
import lab.vthreads.lab.load.LoadCounts;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.load.LoadRun;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Starts the experiment's load-generator processes and remembers them, so that an abort (Ctrl-C, SIGTERM) can stop
 * the one running and no new one starts afterwards.
 */
public final class LoadGenerators {

    private final Path home;
    private final String simulationClass;
    private final List<String> placement;
    // What every run of this experiment's simulation is given besides its load (a user's scenario file).
    private final Map<String, String> always;
    private final List<ManagedProcess> started = new CopyOnWriteArrayList<>();
    private final Map<ManagedProcess, LoadCounts> counts = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile ManagedProcess running;
    private volatile boolean aborted;

    /** @param placement what puts the load generator in its place on a partitioned machine */
    public LoadGenerators(Path home, String simulation, List<String> placement) {
        this(home, simulation, placement, Map.of());
    }

    public LoadGenerators(Path home, String simulation, List<String> placement, Map<String, String> always) {
        this.home = home;
        this.simulationClass = GatlingRun.simulationClass(simulation);
        this.placement = List.copyOf(placement);
        this.always = Map.copyOf(always);
    }

    /** Starts a measured run of the simulation, a cell's or the lab's own ({@link LoadRun}); {@link #await} waits for it. */
    public ManagedProcess start(LoadProperties load, Path reports, Path log, LoadRun kind) {
        if (kind.mayTrainCache()) throw new IllegalArgumentException(kind + " is not a measured run");
        return start(simulationClass, always, load, reports, log, kind);
    }

    /**
     * Starts a run whose load nothing measures (a prewarm, a warm-up, a check): the only kind that may make the load
     * generator's AOT cache, whose making JVM records as it runs and writes the cache as it exits.
     */
    public ManagedProcess startUnmeasured(LoadProperties load, Path reports, Path log) {
        return start(simulationClass, always, load, reports, log, LoadRun.UNMEASURED);
    }

    /**
     * Starts an unmeasured run of a scenario file, whatever this experiment's simulation is: the lab's own services
     * checked through the same path as a user's application (the start-up check).
     */
    public ManagedProcess startScenario(Path scenario, LoadProperties load, Path reports, Path log) {
        return start(GatlingRun.simulationClass(SCENARIO_SIMULATION), Map.of(lab.vthreads.infra.load.LoadProperty.SCENARIO.key(), scenario.toString()), load, reports, log, LoadRun.UNMEASURED);
    }

    /** The simulation that runs a scenario file (docs/scenarios.md). */
    public static final String SCENARIO_SIMULATION = "ScenarioSimulation";

    private ManagedProcess start(String simulation, Map<String, String> given, LoadProperties load, Path reports, Path log, LoadRun kind) {
        requireNotAborted();
        // Every run publishes what it has received beside its log: the lab reads its throughput there, not from a service.
        Path live = log.resolveSibling(log.getFileName().toString().replaceFirst("\\.log$", "") + "-counts.txt");
        Map<String, String> properties = new java.util.LinkedHashMap<>(load.liveFile(live).asMap());
        properties.putAll(given);
        ManagedProcess process = GatlingRun.start(home, simulation, properties, reports, log, placement, kind);
        started.add(process);
        counts.put(process, new LoadCounts(live));
        running = process;
        return process;
    }

    /** What a run started here has received so far. */
    public LoadCounts counts(ManagedProcess process) {
        LoadCounts published = counts.get(process);
        if (published == null) throw new IllegalArgumentException("not a load generator started here: PID " + process.pid());
        return published;
    }

    /** Waits up to {@code timeoutSeconds} and returns the exit code. */
    public int await(ManagedProcess process, long timeoutSeconds) {
        return GatlingRun.await(process, timeoutSeconds);
    }

    /** Stops a run before its end (a prewarm at its rule): what its JVM left for the next start is settled too. */
    public void stop(ManagedProcess process) {
        process.stop();
        GatlingRun.settle(process);
    }

    /** Starts the simulation and waits for it: for runs whose results nobody reads (warm-ups). */
    void run(LoadProperties load, Path reports, Path log, long timeoutSeconds) {
        await(startUnmeasured(load, reports, log), timeoutSeconds);
    }

    public void abort() {
        aborted = true;
        ManagedProcess process = running;
        if (process != null) process.stop();
    }

    public boolean aborted() {
        return aborted;
    }

    public void requireNotAborted() {
        if (aborted) throw new StartFailure("the experiment was stopped");
    }

    public List<ManagedProcess> started() {
        return List.copyOf(started);
    }
}
