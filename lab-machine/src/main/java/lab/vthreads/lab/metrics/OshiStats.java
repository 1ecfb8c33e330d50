package lab.vthreads.lab.metrics;

import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The portable path, through OSHI: the same figures as {@link ProcStats} on macOS and Windows, where there is no /proc.
 * On Linux OSHI reads /proc too, so there it is the second opinion a test holds the first to.
 */
public final class OshiStats implements SystemStats {

    private final OperatingSystem os;
    private final CentralProcessor processor;

    /** @throws RuntimeException or {@link LinkageError} where OSHI cannot reach this operating system */
    public OshiStats() {
        SystemInfo system = new SystemInfo();
        this.os = system.getOperatingSystem();
        this.processor = system.getHardware().getProcessor();
    }

    @Override
    public boolean available() {
        return true;
    }

    @Override
    public String source() {
        return "OSHI (" + os.getFamily() + ")";
    }

    @Override
    public double cpuSeconds(List<ProcessHandle> processes) {
        double milliseconds = 0;
        for (ProcessHandle handle : processes) {
            OSProcess process = os.getProcess((int) handle.pid());
            if (process == null) continue;
            milliseconds += process.getUserTime() + process.getKernelTime();
        }
        return milliseconds / 1000;
    }

    @Override
    public double rssMb(List<ProcessHandle> processes) {
        double bytes = 0;
        for (ProcessHandle handle : processes) {
            OSProcess process = os.getProcess((int) handle.pid());
            if (process == null) continue;
            bytes += process.getResidentMemory();
        }
        return bytes / (1024 * 1024);
    }

    @Override
    public CpuCounters cpuCounters() {
        Map<Integer, MachineCpu> each = new TreeMap<>();
        long[][] perCpu = processor.getProcessorCpuLoadTicks();
        for (int cpu = 0; cpu < perCpu.length; cpu++) each.put(cpu, counters(perCpu[cpu]));
        return new CpuCounters(counters(processor.getSystemCpuLoadTicks()), each);
    }

    /** As /proc/stat's lines are summed (ProcStats): user, nice, system, IRQ and soft IRQ are busy; idle and I/O wait idle. */
    private static MachineCpu counters(long[] ticks) {
        long busy = ticks[TickType.USER.getIndex()] + ticks[TickType.NICE.getIndex()] + ticks[TickType.SYSTEM.getIndex()]
                + ticks[TickType.IRQ.getIndex()] + ticks[TickType.SOFTIRQ.getIndex()];
        return new MachineCpu(busy, ticks[TickType.IDLE.getIndex()] + ticks[TickType.IOWAIT.getIndex()], ticks[TickType.STEAL.getIndex()]);
    }
}
