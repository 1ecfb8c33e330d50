package lab.vthreads.lab.metrics;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * How evenly each CPU was busy within a second: the share of its 50 ms slices in which it never idled. A second 80%
 * busy can be an even 80% (slices never saturated) or saturated slices between idle ones; requests queue in the second
 * kind as at 100%, while the CPU's mean says 80%. A queueing model that takes the load as steady sees the first kind
 * only, so the report names the second where a cell falls short of it.
 */
public final class CpuSlices implements AutoCloseable {

    /** Long enough to hold several of the kernel's 10 ms ticks, short against a second and against a request's path. */
    public static final long SLICE_MILLIS = 50;

    private final SystemStats proc;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "lab-cpu-slices");
        t.setDaemon(true);
        return t;
    });
    private final Map<Integer, int[]> counts = new HashMap<>();
    private Map<Integer, SystemStats.MachineCpu> last;

    private CpuSlices(SystemStats proc) {
        this.proc = proc;
        SystemStats.CpuCounters counters = proc.cpuCounters();
        this.last = counters == null ? Map.of() : counters.each();
    }

    /** Reading every {@link #SLICE_MILLIS} ms until closed; with nothing measured here, it reads nothing. */
    public static CpuSlices start(SystemStats proc) {
        CpuSlices slices = new CpuSlices(proc);
        if (!slices.last.isEmpty()) slices.timer.scheduleAtFixedRate(slices::read, SLICE_MILLIS, SLICE_MILLIS, TimeUnit.MILLISECONDS);
        return slices;
    }

    /** For a test: the readings without the timer, each {@link #read} a slice. */
    static CpuSlices unscheduled(SystemStats proc) {
        return new CpuSlices(proc);
    }

    /** One slice: each CPU's counters since the last read; a slice in which no time was counted is no slice. */
    synchronized void read() {
        SystemStats.CpuCounters counters;
        try {
            counters = proc.cpuCounters();
        } catch (RuntimeException unreadable) {
            return;
        }
        if (counters == null) return;
        counters.each().forEach((cpu, now) -> {
            SystemStats.MachineCpu before = last.get(cpu);
            if (before == null) return;
            long idle = now.idle() - before.idle(), busy = now.busy() - before.busy();
            if (idle + busy <= 0) return;
            int[] c = counts.computeIfAbsent(cpu, k -> new int[2]);
            c[0]++;
            if (idle == 0) c[1]++;
        });
        last = counters.each();
    }

    /** Each CPU's share (0..1) of the slices since the last call in which it never idled; then starts counting anew. */
    public synchronized Map<Integer, Double> take() {
        Map<Integer, Double> shares = new TreeMap<>();
        counts.forEach((cpu, c) -> {
            if (c[0] > 0) shares.put(cpu, (double) c[1] / c[0]);
        });
        counts.clear();
        return shares;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
