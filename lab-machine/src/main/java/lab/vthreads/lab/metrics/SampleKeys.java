package lab.vthreads.lab.metrics;

/**
 * The names of the values in each one-second sample ({@code samples} in results.json), written once: the sampler
 * writes them, the calibration, the summary and the report read them. The names are part of results.json's schema.
 * A service's own figures carry its name in the system ({@link SampleNames}).
 */
public final class SampleKeys {

    /** Seconds since the measured run started. */
    public static final String TIME = "t";
    /** Share of all cores' time busy / stolen by the hypervisor since the last sample, 0..1. */
    public static final String MACHINE_BUSY = "machineBusy";
    public static final String STEAL = "steal";

    /**
     * The load generator's own counts, cumulative (what it publishes as it runs): answers with any status, their
     * response times' sum in seconds, and its successes and failures. Throughput and response time from the users' side,
     * the same for every system under test.
     */
    public static final String LOAD_ANSWERED = "load.answered";
    public static final String LOAD_ANSWERED_SECONDS = "load.answeredSeconds";
    public static final String LOAD_OK = "load.ok";
    public static final String LOAD_KO = "load.ko";
    /**
     * The speed probe's totals on the services' CPUs ({@link SpeedProbe}), cumulative: passes of its fixed work, and the
     * CPU milliseconds they took. Their growth over a window is the time a pass took there, the machine's speed then.
     */
    public static final String SPEED_PASSES = "speed.passes";
    public static final String SPEED_CPU_MS = "speed.cpuMs";

    /** The speed probe's time per pass over {@code window} (ms); null where it did not run through it, as results.json has it. */
    public static Double speedProbeMs(Window window, java.util.List<java.util.Map<String, Double>> samples) {
        double passes = window.delta(samples, SPEED_PASSES);
        return passes > 0 ? window.delta(samples, SPEED_CPU_MS) / passes : null;
    }

    /** The load generator's success rate over the last few seconds, for the live line. */
    public static final String LIVE_REQUESTS_PER_SECOND = "live.reqps";

    /** Per-service values: {@code pessoa.heapMb}, {@code gateway.tomcatBusy}, {@code app.jitMs}, ... */
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

}
