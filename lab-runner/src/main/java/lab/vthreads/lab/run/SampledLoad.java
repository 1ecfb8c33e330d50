package lab.vthreads.lab.run;

import lab.vthreads.lab.metrics.SpeedProbe;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.load.GatlingResults;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.load.LoadRun;
import lab.vthreads.lab.metrics.SystemStats;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.RunProcesses;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One measured run of the load generator: Gatling started with its load, the sampler reading every process beside it
 * (Gatling's own too) from before the first request, and, once it ends, what the load generator saw. A cell's window
 * ({@link MeasuredRun}) and each of the calibration's runs are one. The prewarm starts its load through
 * {@link LoadGenerators} alone: it reads no window, only whether the services settled, and stops at its rule.
 */
public final class SampledLoad implements AutoCloseable {

    private final LoadGenerators load;
    private final ManagedProcess gatling;
    private final RunProcesses processes;
    private final Sampler sampler;
    private final Path resultsFile;

    private SampledLoad(LoadGenerators load, ManagedProcess gatling, RunProcesses processes, Sampler sampler, Path resultsFile) {
        this.load = load;
        this.gatling = gatling;
        this.processes = processes;
        this.sampler = sampler;
        this.resultsFile = resultsFile;
    }

    /**
     * @param properties the load, its profile and its results file set
     * @param stack      the processes the lab started (none of a stack it did not start); the load generator joins them
     * @param live       the sampler's line each second: the console's progress, or nothing
     * @param counted    a component's CPU seconds as its cgroup counts them (see {@link Sampler})
     * @param speed      the speed probe's totals on the services' CPUs, where one runs (see {@link Sampler})
     * @param kind       a cell's window or one the lab measures for itself
     */
    public static SampledLoad start(LoadGenerators load, LoadProperties properties, Path reports, Path log, RunProcesses stack, Endpoints endpoints,
                                    Consumer<String> live, Function<String, OptionalDouble> counted,
                                    Supplier<Optional<SpeedProbe.Totals>> speed, LoadRun kind) {
        if (properties.resultsFile() == null) throw new IllegalArgumentException("a measured run's load needs a results file");
        ManagedProcess gatling = load.start(properties, reports, log, kind);
        RunProcesses processes = stack.withLoadGenerator(gatling);
        try {
            Sampler sampler = new Sampler(endpoints.pessoaManagement(), endpoints.gatewayManagement(), endpoints.sampleNames(), processes, live, SystemStats.SYSTEM, counted,
                    load.counts(gatling), speed);
            return new SampledLoad(load, gatling, processes, sampler, properties.resultsFile());
        } catch (RuntimeException e) {
            load.stop(gatling);
            throw e;
        }
    }

    /** The processes the sampler reads: the stack's and the load generator. */
    public RunProcesses processes() {
        return processes;
    }

    public ManagedProcess gatling() {
        return gatling;
    }

    public Sampler sampler() {
        return sampler;
    }

    /**
     * Waits for the load generator to end, at most {@code timeoutSeconds}; beyond it the load generator is stopped and
     * an {@link IllegalStateException} says so.
     *
     * @return its exit code
     */
    public int await(long timeoutSeconds) {
        return load.await(gatling, timeoutSeconds);
    }

    /** What the load generator saw, given how it ended ({@code exit} -1: it never ended). */
    public ClientResult results(int exit) {
        return GatlingResults.read(resultsFile, exit);
    }

    /** Stops the sampling; its samples stay readable. */
    @Override
    public void close() {
        sampler.close();
    }
}
