package lab.vthreads.lab.metrics;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Process CPU time and resident memory, and the machine's CPU counters, as the operating system reports them. A figure
 * that cannot be read is NaN or null, never 0, so that a reader and the capacity model can tell a process that used
 * nothing from one nobody measured.
 */
public interface SystemStats {

    /** This machine's: Linux's /proc where it is there, otherwise OSHI (macOS, Windows), otherwise nothing measured. */
    SystemStats SYSTEM = choose(new ProcStats(Path.of("/proc")));

    /** Whether anything is measured here: without it no CPU, memory or steal figure is. */
    boolean available();

    /** What the figures come from, for the results and the report. */
    String source();

    /** User + system CPU time of these processes, in seconds; NaN where nothing is measured. An ended process adds nothing. */
    double cpuSeconds(List<ProcessHandle> processes);

    /** Resident memory of these processes, in MB (shared pages counted in each); NaN where nothing is measured. */
    double rssMb(List<ProcessHandle> processes);

    /** The machine's counters and each CPU's, read at once; null where nothing is measured. */
    CpuCounters cpuCounters();

    /** The machine's aggregate CPU counters; null where nothing is measured. */
    default MachineCpu machine() {
        CpuCounters counters = cpuCounters();
        return counters == null ? null : counters.total();
    }

    /** /proc where it can be read; OSHI where its native access loads; else /proc's "nothing measured". */
    static SystemStats choose(ProcStats proc) {
        if (proc.available()) return proc;
        try {
            return new OshiStats();
        } catch (RuntimeException | LinkageError unavailable) {
            return proc;
        }
    }

    /**
     * @param total the whole machine's counters
     * @param each  each CPU's, by CPU number: a partition's sides are sets of these
     */
    record CpuCounters(MachineCpu total, Map<Integer, MachineCpu> each) {
    }

    /** CPU counters: busy, idle (with I/O wait) and steal, in any one unit (ticks, milliseconds): only their shares are read. */
    record MachineCpu(long busy, long idle, long steal) {

        /** Busy and steal shares (0..1) of the time between {@code before} and this reading; NaN when no time passed. */
        public double[] sharesSince(MachineCpu before) {
            double busyDelta = busy - before.busy, idleDelta = idle - before.idle, stealDelta = steal - before.steal;
            double total = busyDelta + idleDelta + stealDelta;
            return total <= 0 ? new double[] {Double.NaN, Double.NaN} : new double[] {busyDelta / total, stealDelta / total};
        }
    }
}
