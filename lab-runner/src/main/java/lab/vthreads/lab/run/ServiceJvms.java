package lab.vthreads.lab.run;

import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.metrics.JvmCounters;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The services' JVMs as they count themselves ({@link JvmCounters}): the lab's own reading of their JIT, threads, heap,
 * collectors, safepoints and classes, for every JVM it starts, whether or not the application publishes metrics. Each
 * JVM's file is mapped once, by PID: a restarted service is a new PID and is found again.
 */
public final class ServiceJvms {

    private final Map<Long, JvmCounters> mapped = new ConcurrentHashMap<>();

    /**
     * The counters of a service's JVM: its process, or the first of its descendants that publishes them (a launcher
     * in front of the JVM); empty where none does yet (still starting) or ever will ({@code -XX:-UsePerfData}).
     */
    public Optional<JvmCounters> of(ManagedProcess service) {
        JvmCounters known = mapped.get(service.pid());
        if (known != null) return Optional.of(known);
        for (ProcessHandle handle : service.handles()) {
            Optional<JvmCounters> counters = JvmCounters.of(handle.pid());
            if (counters.isPresent()) {
                mapped.put(service.pid(), counters.get());
                return counters;
            }
        }
        return Optional.empty();
    }

    /** A service's reading now; empty where its JVM publishes no counters. */
    public Optional<JvmCounters.Reading> read(ManagedProcess service) {
        return of(service).map(JvmCounters::read);
    }

    /**
     * Each service's reading into the second's sample, under the keys its figures have there: these replace what its
     * metrics endpoint said of the same (a figure absent from the counters stays as the endpoint gave it, or absent).
     */
    void put(Map<String, Double> sample, Map<String, ManagedProcess> services, SampleNames names) {
        services.forEach((label, process) -> read(process).ifPresent(reading -> {
            String prefix = Component.of(label).samplePrefix(names);
            if (prefix != null) {
                putIfMeasured(sample, SampleKeys.ServiceValue.JIT_MS.of(prefix), reading.compileMs());
                putIfMeasured(sample, SampleKeys.ServiceValue.LIVE_THREADS.of(prefix), reading.liveThreads());
                putIfMeasured(sample, SampleKeys.ServiceValue.PEAK_THREADS.of(prefix), reading.peakThreads());
                putIfMeasured(sample, SampleKeys.ServiceValue.HEAP_MB.of(prefix), reading.heapUsedMb());
                putIfMeasured(sample, SampleKeys.ServiceValue.GC_PAUSE_MS.of(prefix), reading.gcPauseMs());
                putIfMeasured(sample, SampleKeys.ServiceValue.GC_CPU_MS.of(prefix), reading.gcCpuMs());
                putIfMeasured(sample, SampleKeys.ServiceValue.SAFEPOINT_MS.of(prefix), reading.safepointMs());
                putIfMeasured(sample, SampleKeys.ServiceValue.LOADED_CLASSES.of(prefix), reading.loadedClasses());
            }
        }));
    }

    private static void putIfMeasured(Map<String, Double> sample, String key, double value) {
        if (!Double.isNaN(value)) sample.put(key, value);
    }
}
