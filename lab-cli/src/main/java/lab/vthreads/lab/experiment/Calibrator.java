package lab.vthreads.lab.experiment;

import com.github.tomakehurst.wiremock.client.HttpAdminClient;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.cep.CepLatencySwitch;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.process.ManagedProcess;
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
 * Measures what one request costs on this machine, before any cell (see {@link Calibration}): fresh services in the
 * first cell's mode, no CEP latency; a saturated warm-up; two open-workload runs at {@link #RATES} per second; one
 * saturated closed run of {@link #SATURATION_USERS} users. Each run's figures come from the seconds after the load
 * generator's own start-up.
 */
final class Calibrator {

    /**
     * Two rates low enough that nothing queues (at most about half of this path's CPU bound on 2 cores), far enough
     * apart for the slope of CPU against throughput.
     */
    static final int[] RATES = {30, 90};

    /** Closed users with no CEP latency: enough to keep 2 cores busy (a request takes ~5 ms here), few enough not to queue long. */
    static final int SATURATION_USERS = 32;

    /** The load generator's own JVM start-up, left out of every calibration window. */
    private static final double START_UP_SECONDS = 10;

    private final Stack stack;
    private final StackSettings settings;
    private final LoadGenerators load;
    private final Progress progress;
    private final Path directory;
    private final Path cepsCsv;
    private final int seconds;

    /**
     * @param cell the first cell: its mode and factors are calibrated, with the CEP latency removed
     */
    Calibrator(Stack stack, StackSettings base, Cell cell, LoadGenerators load, Progress progress, Path resultsDirectory, Path home, int seconds) {
        this.stack = stack;
        this.directory = resultsDirectory.resolve("calibration");
        this.settings = base.with(cell.mode(), cell.factors().overriddenBy(Factors.cepLatency(new CepLatency.None())), directory);
        this.load = load;
        this.progress = progress;
        this.cepsCsv = home.resolve("wiremock/ceps.csv");
        this.seconds = seconds;
    }

    Calibration calibrate(int cores) throws Exception {
        Files.createDirectories(directory);
        progress.calibrating(RATES[0], RATES[1], SATURATION_USERS, seconds, settings.mode().label());
        CepLatencySwitch.apply(new HttpAdminClient("127.0.0.1", settings.ports().wiremock()), settings.cepLatency());
        load.requireNotAborted();
        stack.startServices(settings);
        try {
            // Warm the JIT with the machine saturated first: C2 compiles after thousands of calls, and compiling is CPU
            // too. Warmed at 90 req/s for 15 s, the 30 req/s run that followed answered slower (p50 31 ms) than the
            // 90 req/s run after it (21 ms): the slope measured the JIT, not the requests.
            load.run(closed().profile(0, 20, 0), directory.resolve("warmup"), directory.resolve("warmup.log"), 135);
            Calibration.Run low = measure("rate-" + RATES[0], open(RATES[0]));
            Calibration.Run high = measure("rate-" + RATES[1], open(RATES[1]));
            Calibration.Run saturated = measure("saturation", closed());
            Calibration calibration = Calibration.of(cores, low, high, saturated);
            progress.calibrated(calibration);
            return calibration;
        } finally {
            stack.stopServices();
        }
    }

    private LoadProperties closed() {
        return LoadProperties.closed(gateway(), cepsCsv, SATURATION_USERS);
    }

    private LoadProperties open(int rate) {
        return LoadProperties.open(gateway(), cepsCsv, rate);
    }

    private String gateway() {
        return "http://127.0.0.1:" + settings.ports().gateway();
    }

    private Calibration.Run measure(String name, LoadProperties workload) throws Exception {
        new DatabaseReset(settings.jdbcUrl()).truncate();
        Map<String, ManagedProcess> measured = new LinkedHashMap<>();
        stack.processes().forEach((component, process) -> measured.put(component.label(), process));
        ManagedProcess gatling = load.start(workload.profile(0, seconds, 0).resultsFile(directory.resolve("gatling-results-" + name + ".json")),
                directory.resolve("gatling-" + name), directory.resolve("gatling-" + name + ".log"));
        measured.put("gatling", gatling);
        Sampler sampler = new Sampler("http://127.0.0.1:" + settings.ports().pessoaManagement(),
                "http://127.0.0.1:" + settings.ports().gatewayManagement(), measured, line -> { });
        try {
            load.await(gatling, seconds + 150L);
        } finally {
            sampler.close();
        }
        return window(sampler.samples(), measured.keySet());
    }

    /**
     * The calibration's figures from the samples after the load generator's own start-up (its JVM start would
     * otherwise count as CPU per request) and before its end.
     */
    static Calibration.Run window(List<Map<String, Double>> samples, Set<String> processNames) {
        List<Map<String, Double>> all = samples.stream().filter(x -> x.containsKey(SampleKeys.GATEWAY_REQUESTS)).toList();
        double lastT = all.isEmpty() ? 0 : all.getLast().get(SampleKeys.TIME);
        List<Map<String, Double>> window = all.stream()
                .filter(x -> x.get(SampleKeys.TIME) >= START_UP_SECONDS && x.get(SampleKeys.TIME) <= lastT - 2).toList();
        if (window.size() < 5) window = all;
        if (window.size() < 2) {
            throw new IllegalStateException("The calibration run produced too few samples (" + all.size() + ") to measure anything");
        }
        Map<String, Double> first = window.getFirst(), last = window.getLast();
        double wall = last.get(SampleKeys.TIME) - first.get(SampleKeys.TIME);
        double requests = delta(first, last, SampleKeys.GATEWAY_REQUESTS);
        if (requests <= 0 || wall <= 0) {
            throw new IllegalStateException("The calibration run served no request through the gateway; see calibration/gatling.log");
        }
        Map<String, Double> cores = new LinkedHashMap<>();
        for (String name : processNames) {
            cores.put(name, mean(window, SampleKeys.cpu(name)));
        }
        double usages = delta(first, last, SampleKeys.PESSOA_USAGES);
        return new Calibration.Run(wall, requests / wall, cores, delta(first, last, SampleKeys.GATEWAY_REQUEST_SECONDS) / requests * 1000,
                delta(first, last, SampleKeys.PESSOA_CEP_CALLS) / requests, delta(first, last, SampleKeys.PESSOA_ACQUIRES) / requests,
                usages > 0 ? delta(first, last, SampleKeys.PESSOA_USAGE_SECONDS) / usages * 1000 : 0,
                mean(window, SampleKeys.MACHINE_BUSY));
    }

    /** A rate in a sample covers the second before it, so the window's first sample is left out. */
    private static double mean(List<Map<String, Double>> window, String key) {
        return window.stream().skip(1).mapToDouble(x -> x.getOrDefault(key, 0.0)).average().orElse(0);
    }

    private static double delta(Map<String, Double> first, Map<String, Double> last, String key) {
        return last.getOrDefault(key, 0.0) - first.getOrDefault(key, 0.0);
    }

    /** Roughly how long the calibration takes here. */
    static long estimateSeconds(int seconds) {
        return 30 + 20 + 3 * (seconds + 8) + 12;
    }
}
