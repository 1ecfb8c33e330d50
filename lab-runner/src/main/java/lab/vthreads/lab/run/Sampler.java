package lab.vthreads.lab.run;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.load.LoadCounts;
import lab.vthreads.lab.metrics.CpuSlices;
import lab.vthreads.lab.metrics.PrometheusScrape;
import lab.vthreads.lab.metrics.SpeedProbe;
import lab.vthreads.lab.metrics.SystemStats;
import lab.vthreads.lab.metrics.Quantiles;
import lab.vthreads.lab.stack.RunProcesses;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Samples a measured run once a second, under the names in {@link SampleKeys}, each figure from the lab's own side
 * where it can be: what the load generator has received ({@link LoadCounts}), every process's CPU and RSS from the OS,
 * each service JVM's own counters ({@link ServiceJvms}), and the machine's CPU and steal. Actuator adds what only the
 * application knows (its pools, its server timers, its CEP lookups) where it answers. Keeps the first and last scrapes
 * for window-wide figures (server-side percentiles, Hikari timeouts) and reports a live line (req/s, mean response,
 * errors) from the load generator's counts.
 */
public final class Sampler implements AutoCloseable {

    // The application's requests: the gateway tags its routed requests with the route pattern, not "/v1/pessoas",
    // so everything but Actuator's own scrapes counts.
    public static final Predicate<Map<String, String>> API = l -> !l.getOrDefault("uri", "").startsWith("/actuator");

    /** The metric families the lab reads; nothing else is scraped. */
    static final List<String> FAMILIES = List.of("jvm_memory_used_bytes", "jvm_threads_live_threads", "jvm_threads_peak_threads",
            "jvm_threads_virtual_live_threads", "tomcat_threads_busy_threads", "hikaricp_connections_active", "hikaricp_connections_pending",
            "http_server_requests_seconds", "cep_lookups_seconds", "hikaricp_connections_acquire_seconds",
            "hikaricp_connections_usage_seconds", "hikaricp_connections_timeout", "httpcomponents_httpclient_pool_total_connections",
            "jvm_compilation_time_ms", "system_cpu_count", "r2dbc_pool_acquired_connections", "r2dbc_pool_pending_connections",
            "pessoa_transactions_seconds", "httpcomponents_httpclient_pool_total_pending", "reactor_netty_connection_provider_pending_connections", "jvm_gc_pause_seconds");

    /** The lab's own JVM, measured like the others: what observing costs the machine. */
    public static final String LAB = "lab";

    private final String pessoaManagement;
    private final String gatewayManagement;
    /** The names the services' figures carry in the samples (Endpoints#sampleNames). */
    private final SampleNames names;
    private final RunProcesses processes;
    private final Consumer<String> live;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "lab-sampler");
        t.setDaemon(true);
        return t;
    });
    private final List<Map<String, Double>> samples = Collections.synchronizedList(new ArrayList<>());
    private final LoadCounts loadCounts;
    private final Supplier<Optional<SpeedProbe.Totals>> speed;
    private final ServiceJvms jvms = new ServiceJvms();
    private final Deque<LoadCounts.Counts> recentCounts = new ArrayDeque<>();
    private LoadCounts.Counts firstCounts;
    private final Map<String, Double> lastCpu = new LinkedHashMap<>();
    private final long startNanos = System.nanoTime();
    private final long startEpochMs = System.currentTimeMillis();
    private long lastNanos = startNanos;
    private final SystemStats proc;
    private final CpuSlices slices;
    private final Function<String, OptionalDouble> counted;
    private final java.util.Set<String> groupCounted = new java.util.HashSet<>();
    private SystemStats.MachineCpu lastMachine;
    private Map<Integer, SystemStats.MachineCpu> lastEach;
    private final SystemStats.MachineCpu firstMachine;
    private PrometheusScrape firstPessoa, firstGateway, lastPessoa, lastGateway;
    private int taken, dropped;
    private String firstDropped;

    public Sampler(String pessoaManagement, String gatewayManagement, SampleNames names, RunProcesses processes, Consumer<String> live) {
        this(pessoaManagement, gatewayManagement, names, processes, live, SystemStats.SYSTEM, component -> OptionalDouble.empty());
    }

    /**
     * @param proc     where process and machine figures come from: a test takes /proc away with another
     * @param counted  a component's CPU seconds as its cgroup counts them ({@link Isolation#cpuSeconds}), preferred to
     *                 its processes' own wherever it counts at the start: a process's utime and stime leave out its
     *                 children that exited and drop when a process is replaced
     */
    public Sampler(String pessoaManagement, String gatewayManagement, SampleNames names, RunProcesses processes, Consumer<String> live, SystemStats proc,
            Function<String, OptionalDouble> counted) {
        this(pessoaManagement, gatewayManagement, names, processes, live, proc, counted, null);
    }

    /** @param loadCounts what the run's load generator publishes as it runs; null: a sampler with no load of its own to read */
    public Sampler(String pessoaManagement, String gatewayManagement, SampleNames names, RunProcesses processes, Consumer<String> live, SystemStats proc,
            Function<String, OptionalDouble> counted, LoadCounts loadCounts) {
        this(pessoaManagement, gatewayManagement, names, processes, live, proc, counted, loadCounts, Optional::empty);
    }

    /** @param speed the speed probe's totals on the services' CPUs now ({@link SpeedProbe}); empty where none runs */
    public Sampler(String pessoaManagement, String gatewayManagement, SampleNames names, RunProcesses processes, Consumer<String> live, SystemStats proc,
            Function<String, OptionalDouble> counted, LoadCounts loadCounts, Supplier<Optional<SpeedProbe.Totals>> speed) {
        this.speed = speed;
        this.names = names;
        this.loadCounts = loadCounts;
        this.proc = proc;
        this.counted = counted;
        SystemStats.CpuCounters counters = proc.cpuCounters();
        this.lastMachine = counters == null ? null : counters.total();
        this.firstMachine = lastMachine;
        this.lastEach = counters == null ? Map.of() : counters.each();
        this.slices = CpuSlices.start(proc);
        this.pessoaManagement = pessoaManagement;
        this.gatewayManagement = gatewayManagement;
        this.processes = processes;
        this.live = live;
        firstPessoa = lastPessoa = PrometheusScrape.of(pessoaManagement, FAMILIES);
        firstGateway = lastGateway = PrometheusScrape.of(gatewayManagement, FAMILIES);
        processes.byName().forEach((name, p) -> startCpu(name, p.handles()));
        startCpu(LAB, List.of(ProcessHandle.current()));
        // With a fixed delay, a slow sample (a saturated service answers its scrape late) delays the next one instead
        // of causing a burst of catch-up samples; the windows weight each sample by the time it covers.
        timer.scheduleWithFixedDelay(this::sample, 1, 1, TimeUnit.SECONDS);
    }

    private synchronized void sample() {
        taken++;
        try {
            long now = System.nanoTime();
            double wall = (now - lastNanos) / 1e9;
            lastNanos = now;
            Map<String, Double> s = new LinkedHashMap<>();
            s.put(SampleKeys.TIME, Math.round((now - startNanos) / 1e8) / 10.0);
            // Where nothing is measured these stay out of the sample: absent, not 0 (see SystemStats).
            SystemStats.CpuCounters counters = proc.cpuCounters();
            SystemStats.MachineCpu machine = counters == null ? null : counters.total();
            if (machine != null && lastMachine != null) {
                double[] shares = machine.sharesSince(lastMachine);
                s.put(SampleKeys.MACHINE_BUSY, shares[0]);
                s.put(SampleKeys.STEAL, shares[1]);
            }
            lastMachine = machine;
            Map<Integer, SystemStats.MachineCpu> each = counters == null ? Map.<Integer, SystemStats.MachineCpu>of() : counters.each();
            each.forEach((cpu, reading) -> {
                SystemStats.MachineCpu before = lastEach.get(cpu);
                if (before != null) s.put(SampleKeys.cpuBusy(cpu), reading.sharesSince(before)[0]);
            });
            lastEach = each;
            slices.take().forEach((cpu, share) -> s.put(SampleKeys.cpuSaturated(cpu), share));
            processes.byName().forEach((name, p) -> {
                List<ProcessHandle> handles = p.handles();
                cpu(s, name, handles, wall);
                s.put(SampleKeys.rssMb(name), proc.rssMb(handles));
            });
            cpu(s, LAB, List.of(ProcessHandle.current()), wall);
            s.put(SampleKeys.rssMb(LAB), proc.rssMb(List.of(ProcessHandle.current())));
            PrometheusScrape pessoa = PrometheusScrape.of(pessoaManagement, FAMILIES);
            // A user's application is both "services" (Endpoints#of): read once a second, not twice.
            PrometheusScrape gateway = gatewayManagement.equals(pessoaManagement) ? pessoa : PrometheusScrape.of(gatewayManagement, FAMILIES);
            ServiceMetrics.put(s, names, pessoa, gateway);
            jvms.put(s, processes.services(), names);
            if (!pessoa.isEmpty()) lastPessoa = pessoa;
            if (!gateway.isEmpty()) lastGateway = gateway;
            speed.get().ifPresent(totals -> {
                s.put(SampleKeys.SPEED_PASSES, (double) totals.passes());
                s.put(SampleKeys.SPEED_CPU_MS, totals.cpuNanos() / 1e6);
            });
            LoadCounts.Counts counts = loadCounts == null ? null : loadCounts.read();
            if (counts != null) {
                s.put(SampleKeys.LOAD_ANSWERED, (double) counts.answered());
                s.put(SampleKeys.LOAD_ANSWERED_SECONDS, counts.answeredMs() / 1000.0);
                s.put(SampleKeys.LOAD_OK, (double) counts.ok());
                s.put(SampleKeys.LOAD_KO, (double) counts.ko());
                liveLine(s, counts);
            }
            s.values().removeIf(v -> v == null || v.isNaN() || v.isInfinite());
            samples.add(s);
        } catch (RuntimeException e) {
            // A sample lost to a race with a stopping process must not end the run; but a parsing bug would drop every
            // second the same way, so each one is counted and the first error kept (see Sampling).
            dropped++;
            if (firstDropped == null) firstDropped = e.toString();
        }
    }

    /** A component's first CPU reading, and its source for the whole run: its cgroup's count where there is one. */
    private void startCpu(String name, List<ProcessHandle> handles) {
        OptionalDouble group = counted.apply(name);
        if (group.isPresent()) groupCounted.add(name);
        lastCpu.put(name, group.isPresent() ? group.getAsDouble() : proc.cpuSeconds(handles));
    }

    /** A component's CPU, in cores, since the last sample: from its cgroup where that counts it, else from its processes. */
    private void cpu(Map<String, Double> s, String name, List<ProcessHandle> handles, double wall) {
        if (groupCounted.contains(name)) {
            OptionalDouble group = counted.apply(name);
            // Counted from the start, so a count that is gone now is a lost second, not a switch to another source.
            if (group.isEmpty()) throw new IllegalStateException(name + "'s cgroup no longer counts its CPU");
            double cpu = group.getAsDouble();
            s.put(SampleKeys.cpu(name), wall > 0 ? (cpu - lastCpu.get(name)) / wall : 0);
            lastCpu.put(name, cpu);
            return;
        }
        double cpu = proc.cpuSeconds(handles);
        // A process that restarted (or lost a child) has a counter that went down: no negative CPU. Only where no
        // cgroup counts the component; its own count never goes down.
        s.put(SampleKeys.cpu(name), wall > 0 ? Math.max(0, (cpu - lastCpu.getOrDefault(name, cpu)) / wall) : 0);
        lastCpu.put(name, cpu);
    }

    /** The components whose CPU came from their cgroup's count, the others' from their processes. */
    java.util.Set<String> countedByGroup() {
        return java.util.Set.copyOf(groupCounted);
    }

    /** The load generator's successes per second over its last few publications, their mean response, and its failures so far. */
    private void liveLine(Map<String, Double> s, LoadCounts.Counts counts) {
        if (firstCounts == null) firstCounts = counts;
        recentCounts.addLast(counts);
        if (recentCounts.size() > 6) recentCounts.removeFirst();
        LoadCounts.Counts oldest = recentCounts.getFirst();
        double seconds = (counts.epochMs() - oldest.epochMs()) / 1000.0;
        if (seconds <= 0) return;
        double reqps = (counts.ok() - oldest.ok()) / seconds;
        long answered = counts.answered() - oldest.answered();
        String mean = answered > 0 ? String.format(java.util.Locale.ROOT, "%.0f", (double) (counts.answeredMs() - oldest.answeredMs()) / answered) : "-";
        s.put(SampleKeys.LIVE_REQUESTS_PER_SECOND, reqps);
        live.accept(String.format(java.util.Locale.ROOT, "%4.0f req/s  mean %5s ms  failed %d", reqps, mean, counts.ko() - firstCounts.ko()));
    }

    private static double orZero(double value) {
        return Double.isNaN(value) ? 0 : value;
    }

    @Override
    public synchronized void close() {
        timer.shutdownNow();
        slices.close();
    }

    /** The seconds tried and dropped so far. */
    public synchronized ExperimentResults.Sampling sampling() {
        return new ExperimentResults.Sampling(taken, dropped, firstDropped);
    }

    public List<Map<String, Double>> samples() {
        return List.copyOf(samples);
    }

    synchronized ExperimentResults.Server server() {
        return new ExperimentResults.Server(
                m(windowQuantile(0.95, firstPessoa, lastPessoa)), m(windowQuantile(0.99, firstPessoa, lastPessoa)),
                m(windowQuantile(0.95, firstGateway, lastGateway)), m(windowQuantile(0.99, firstGateway, lastGateway)),
                m(peak(SampleKeys.ServiceValue.PEAK_THREADS.of(names.server()))), m(peak(SampleKeys.ServiceValue.PEAK_THREADS.of(names.entry()))),
                m(peak(SampleKeys.ServiceValue.HEAP_MB.of(names.server()))), m(peak(SampleKeys.ServiceValue.HEAP_MB.of(names.entry()))),
                m(peak(SampleKeys.ServiceValue.VIRTUAL_THREADS.of(names.server()))), m(peak(SampleKeys.ServiceValue.TOMCAT_BUSY.of(names.server()))),
                m(peak(names.hikariPending())),
                m(meanAcquireMs()), m(orZero(lastPessoa.sum("hikaricp_connections_timeout_total")) - orZero(firstPessoa.sum("hikaricp_connections_timeout_total"))),
                m(acquireQuantileMs(0.95)), m(acquireQuantileMs(0.99)));
    }

    private static Double m(double value) {
        return ExperimentResults.measured(value);
    }

    private static double windowQuantile(double q, PrometheusScrape first, PrometheusScrape last) {
        return Quantiles.quantile(q, Quantiles.delta(first.buckets("http_server_requests_seconds", API), last.buckets("http_server_requests_seconds", API))) * 1000;
    }

    /** From the pool's acquire-time histogram (percentiles-histogram is on for it), over the measured run. */
    private double acquireQuantileMs(double q) {
        return Quantiles.quantile(q, Quantiles.delta(firstPessoa.buckets("hikaricp_connections_acquire_seconds", l -> true),
                lastPessoa.buckets("hikaricp_connections_acquire_seconds", l -> true))) * 1000;
    }

    private double meanAcquireMs() {
        double count = orZero(lastPessoa.sum("hikaricp_connections_acquire_seconds_count")) - orZero(firstPessoa.sum("hikaricp_connections_acquire_seconds_count"));
        double sum = orZero(lastPessoa.sum("hikaricp_connections_acquire_seconds_sum")) - orZero(firstPessoa.sum("hikaricp_connections_acquire_seconds_sum"));
        return count > 0 ? sum / count * 1000 : Double.NaN;
    }

    /** When the sampler started, as wall-clock time: t = 0 in the samples. */
    public long startEpochMs() {
        return startEpochMs;
    }

    double peak(String key) {
        return samples().stream().map(s -> s.get(key)).filter(v -> v != null && !v.isNaN()).mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    double mean(String key) {
        return samples().stream().map(s -> s.get(key)).filter(v -> v != null && !v.isNaN()).mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** The machine's busy and steal shares since the sampler started; null where nothing measures them (no /proc). */
    ExperimentResults.Machine machine() {
        SystemStats.MachineCpu now = proc.machine();
        if (now == null || firstMachine == null) return null;
        double[] shares = now.sharesSince(firstMachine);
        return Double.isNaN(shares[0]) ? null : new ExperimentResults.Machine(shares[0], shares[1]);
    }
}
