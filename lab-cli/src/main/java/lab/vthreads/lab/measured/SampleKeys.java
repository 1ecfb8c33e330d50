package lab.vthreads.lab.measured;

import java.util.List;

/**
 * The names of the values in each one-second sample ({@code samples} in results.json), written once: the sampler
 * writes them, the calibration, the summary and the report read them. The names are part of results.json's schema.
 */
public final class SampleKeys {

    /** Seconds since the measured run started. */
    public static final String TIME = "t";
    /** Share of all cores' time busy / stolen by the hypervisor since the last sample, 0..1. */
    public static final String MACHINE_BUSY = "machineBusy";
    public static final String STEAL = "steal";

    public static final String PESSOA_HIKARI_ACTIVE = "pessoa.hikariActive";
    public static final String PESSOA_HIKARI_PENDING = "pessoa.hikariPending";
    /** Lookups waiting for one of the CEP client's connections (HttpClient 5's pool, or Reactor Netty's). */
    public static final String PESSOA_CEP_PENDING = "pessoa.cepPending";
    /** Cumulative counters, differenced over a window (the calibration). */
    public static final String GATEWAY_REQUESTS = "gateway.requests";
    public static final String GATEWAY_REQUEST_SECONDS = "gateway.requestSeconds";
    public static final String PESSOA_CEP_CALLS = "pessoa.cepCalls";
    /** pessoa-service's own requests and their seconds (its server's timer), and its CEP lookups' seconds: with the gateway's, where a response's time went. */
    public static final String PESSOA_REQUESTS = "pessoa.requests";
    public static final String PESSOA_REQUEST_SECONDS = "pessoa.requestSeconds";
    public static final String PESSOA_CEP_SECONDS = "pessoa.cepSeconds";
    public static final String PESSOA_ACQUIRES = "pessoa.acquires";
    public static final String PESSOA_USAGES = "pessoa.usages";
    public static final String PESSOA_USAGE_SECONDS = "pessoa.usageSeconds";
    public static final String GATEWAY_PROXY_LEASED = "gateway.proxyLeased";
    /**
     * The load generator's own counts, cumulative (what it publishes as it runs): answers with any status, their
     * response times' sum in seconds, and its successes and failures. Throughput and response time from the users' side,
     * the same for every system under test.
     */
    public static final String LOAD_ANSWERED = "load.answered";
    public static final String LOAD_ANSWERED_SECONDS = "load.answeredSeconds";
    public static final String LOAD_OK = "load.ok";
    public static final String LOAD_KO = "load.ko";
    /** The load generator's success rate over the last few seconds, for the live line. */
    public static final String LIVE_REQUESTS_PER_SECOND = "live.reqps";

    /** The two services, as the per-service keys spell them. */
    public static final String PESSOA = "pessoa";
    public static final String GATEWAY = "gateway";

    /** Per-service values: {@code pessoa.heapMb}, {@code gateway.tomcatBusy}, ... */
    public enum ServiceValue {
        HEAP_MB("heapMb"), LIVE_THREADS("liveThreads"), PEAK_THREADS("peakThreads"), VIRTUAL_THREADS("virtualThreads"), TOMCAT_BUSY("tomcatBusy"),
        /** Cumulative ms the JIT spent compiling (jvm.compilation.time): its growth in a window says how warm the service was. */
        JIT_MS("jitMs"),
        /** Cumulative ms the JVM's collectors paused every thread (its counters, else jvm.gc.pause): a stop that queues the requests behind it. */
        GC_PAUSE_MS("gcPauseMs"),
        /** Cumulative ms of CPU the JVM's collector threads used (the JVM's counters), in pauses and beside the application. */
        GC_CPU_MS("gcCpuMs"),
        /** Cumulative ms every thread stood at a safepoint, for a collection or any other VM operation (the JVM's counters). */
        SAFEPOINT_MS("safepointMs"),
        /** Classes loaded so far (the JVM's counters): still growing in a window, the request path was still being loaded. */
        LOADED_CLASSES("loadedClasses"),
        /** Runtime.availableProcessors() (system.cpu.count): the virtual-thread scheduler's default parallelism, its carriers. */
        PROCESSORS("processors");

        private final String suffix;

        ServiceValue(String suffix) {
            this.suffix = suffix;
        }

        public String of(String service) {
            return service + "." + suffix;
        }
    }

    private SampleKeys() {
    }

    /** CPU of one process in cores ({@code cpu.pessoa-service}). */
    public static String cpu(String process) {
        return "cpu." + process;
    }

    /** One CPU's busy share since the last sample, 0..1 ({@code cpuBusy.1}): a partition's sides are sets of these. */
    public static String cpuBusy(int cpu) {
        return "cpuBusy." + cpu;
    }

    /**
     * One CPU's share of the second's 50 ms slices in which it never idled, 0..1 ({@code cpuSaturated.1}): with its
     * busy share, whether the CPU was busy evenly or in bursts between idle spells ({@link lab.vthreads.lab.metrics.CpuSlices}).
     */
    public static String cpuSaturated(int cpu) {
        return CPU_SATURATED_PREFIX + cpu;
    }

    public static final String CPU_SATURATED_PREFIX = "cpuSaturated.";

    /** Resident memory of one process in MB. */
    public static String rssMb(String process) {
        return "rssMb." + process;
    }

    public static final String CPU_PREFIX = cpu("");

    /** What the report's per-cell charts draw, besides every {@link #CPU_PREFIX} series. */
    public static final List<String> HEAP_SERIES = List.of(ServiceValue.HEAP_MB.of(PESSOA), ServiceValue.HEAP_MB.of(GATEWAY));
    public static final List<String> THREAD_SERIES = List.of(ServiceValue.LIVE_THREADS.of(PESSOA), ServiceValue.LIVE_THREADS.of(GATEWAY),
            ServiceValue.TOMCAT_BUSY.of(PESSOA), ServiceValue.TOMCAT_BUSY.of(GATEWAY), PESSOA_HIKARI_ACTIVE, PESSOA_HIKARI_PENDING,
            PESSOA_CEP_PENDING, ServiceValue.VIRTUAL_THREADS.of(PESSOA));
}
