package lab.vthreads.lab.calibration;

import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.run.SampledLoad;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.load.LoadRun;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.metrics.Window;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.stack.RunProcesses;
import lab.vthreads.lab.stack.RunningStack;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One of the calibration's measured runs ({@link Calibrator}): the load generator with its workload and the sampler
 * beside it, then the figures over the load generator's own window, with what the load generator saw.
 */
public final class CalibrationRun {

    /** The load generator's own JVM start-up, left out of every calibration window. */
    private static final double START_UP_SECONDS = 10;

    /**
     * A calibration run's figures, and what its load generator saw.
     *
     * @param poolMeasured whether the services showed Hikari's gauges in the run
     */
    record Measured(Calibration.Run run, ClientResult client, boolean poolMeasured) {
    }

    private final RunningStack stack;
    private final LoadGenerators load;
    private final Progress progress;
    private final Endpoints endpoints;
    private final Path directory;
    private final int seconds;

    /** @param seconds how long the run holds its load */
    CalibrationRun(RunningStack stack, LoadGenerators load, Progress progress, Endpoints endpoints, Path directory, int seconds) {
        this.stack = stack;
        this.load = load;
        this.progress = progress;
        this.endpoints = endpoints;
        this.directory = directory;
        this.seconds = seconds;
    }

    Measured measure(String name, LoadProperties workload) throws Exception {
        Path resultsFile = directory.resolve("gatling-results-" + name + ".json");
        SampledLoad run = SampledLoad.start(load, workload.profile(0, seconds, 0).resultsFile(resultsFile), directory.resolve("gatling-" + name),
                directory.resolve("gatling-" + name + ".log"), RunProcesses.of(stack.processes()), endpoints, line -> { }, stack::countedCpuSeconds,
                stack::speed, LoadRun.MEASURED_BY_THE_LAB);
        int exit;
        try {
            exit = run.await(seconds + 150L);
        } finally {
            run.close();
        }
        ExperimentResults.Sampling sampling = run.sampler().sampling();
        if (sampling.dropped() > 0) {
            progress.note(String.format(java.util.Locale.ROOT, "calibration %s: the sampler dropped %d of %d seconds%s (first: %s)", name,
                    sampling.dropped(), sampling.taken(), sampling.thin() ? ", too many: its CPU figures are thin" : "", sampling.firstError()));
        }
        ClientResult client = run.results(exit);
        List<Map<String, Double>> samples = run.sampler().samples();
        keep(directory.resolve("samples-" + name + ".json"), samples);
        SampleNames names = endpoints.sampleNames();
        boolean pool = samples.stream().anyMatch(x -> x.containsKey(names.hikariActive()) && !x.get(names.hikariActive()).isNaN());
        return new Measured(window(samples, run.processes().byName().keySet(), loadWindow(client, run.sampler().startEpochMs()), names), client, pool);
    }

    /**
     * Each second's sample, as a cell's are in results.json: the figures above are means over the window, and what the
     * saturation run's queue was (the pool's waiters, the CPU's slices) is read from these.
     */
    private void keep(Path file, List<Map<String, Double>> samples) {
        try {
            JSON.writeValue(file.toFile(), samples.stream().map(ExperimentResults::measured).toList());
        } catch (tools.jackson.core.JacksonException e) {
            progress.note("calibration: its samples could not be written to " + file + ": " + e.getOriginalMessage());
        }
    }

    private static final tools.jackson.databind.json.JsonMapper JSON = tools.jackson.databind.json.JsonMapper.builder().build();

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
    static Calibration.Run window(List<Map<String, Double>> samples, Set<String> processNames, Window loadWindow, SampleNames names) {
        List<Map<String, Double>> all = samples.stream().filter(x -> x.containsKey(SampleKeys.LOAD_ANSWERED)).toList();
        if (all.size() < 2) {
            throw new IllegalStateException("The calibration run produced too few samples (" + all.size() + ") to measure anything");
        }
        double lastT = all.getLast().get(SampleKeys.TIME);
        Window window = loadWindow != null ? loadWindow : lastT - 2 > START_UP_SECONDS + 1 ? new Window(START_UP_SECONDS, lastT - 2)
                : new Window(all.getFirst().get(SampleKeys.TIME), lastT);
        double requests = window.delta(all, SampleKeys.LOAD_ANSWERED);
        double wall = spanOf(all, window);
        if (!(requests > 0) || !(wall > 0)) {
            throw new IllegalStateException("The calibration run's load generator received no answer; see calibration/gatling.log");
        }
        Map<String, Double> cores = new LinkedHashMap<>();
        for (String name : processNames) {
            // Not measured (no /proc) stays out: the model then names the CPU as not bounded instead of free.
            double used = window.mean(samples, SampleKeys.cpu(name));
            if (!Double.isNaN(used)) cores.put(name, used);
        }
        double usages = window.delta(all, names.usages());
        // The service's own counts (CEP calls, pool acquisitions) are divided by the requests it counted in the same
        // scrape where it counts them: the load generator publishes its count five times a second, so at a low rate its
        // count at a window's edge can be a request or two off the service's, and so would the ratio.
        double served = window.delta(all, names.serverRequests());
        double perServiceRequest = served > 0 ? served : requests;
        return new Calibration.Run(wall, requests / wall, cores, window.delta(all, SampleKeys.LOAD_ANSWERED_SECONDS) / requests * 1000,
                zeroIfNaN(window.delta(all, names.cepCalls())) / perServiceRequest,
                zeroIfNaN(window.delta(all, names.acquires())) / perServiceRequest,
                usages > 0 ? window.delta(all, names.usageSeconds()) / usages * 1000 : 0,
                zeroIfNaN(window.mean(samples, SampleKeys.MACHINE_BUSY)), halves(samples, all, processNames, window),
                SampleKeys.speedProbeMs(window, all));
    }

    /**
     * The system side's CPU per request in each half of the window, each half's requests over its own seconds: a cost
     * still falling, or swinging between states under the same load, moves between them. Null where either half
     * measured no request or no CPU.
     */
    static Calibration.Halves halves(List<Map<String, Double>> samples, List<Map<String, Double>> all, Set<String> processNames, Window window) {
        double middle = (window.from() + window.to()) / 2;
        double first = systemCpuMsPerRequest(samples, all, processNames, new Window(window.from(), middle));
        double second = systemCpuMsPerRequest(samples, all, processNames, new Window(middle, window.to()));
        return first > 0 && second > 0 ? new Calibration.Halves(first, second) : null;
    }

    private static double systemCpuMsPerRequest(List<Map<String, Double>> samples, List<Map<String, Double>> all, Set<String> processNames, Window half) {
        double requests = half.delta(all, SampleKeys.LOAD_ANSWERED), wall = spanOf(all, half);
        if (!(requests > 0) || !(wall > 0)) return Double.NaN;
        double cores = processNames.stream().filter(Calibration.SYSTEM::contains).mapToDouble(p -> half.mean(samples, SampleKeys.cpu(p)))
                .filter(v -> !Double.isNaN(v)).sum();
        return cores > 0 ? cores / (requests / wall) * 1000 : Double.NaN;
    }

    /** The seconds between the first and the last sample inside the window: what the counters' growth spans. */
    private static double spanOf(List<Map<String, Double>> samples, Window window) {
        List<Double> inside = samples.stream().map(s -> s.get(SampleKeys.TIME)).filter(t -> t >= window.from() && t <= window.to()).toList();
        return inside.size() < 2 ? 0 : inside.getLast() - inside.getFirst();
    }

    private static double zeroIfNaN(double value) {
        return Double.isNaN(value) ? 0 : value;
    }

}
