package lab.vthreads.lab.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * CPU time and resident memory of processes, and the machine's CPU, from Linux's /proc. Where there is no /proc
 * nothing is measured here: every figure is NaN or absent, never 0 ({@link SystemStats#SYSTEM} then asks OSHI).
 */
public final class ProcStats implements SystemStats {

    /** Linux reports process times in clock ticks of 1/100 s on every architecture the lab runs on. */
    static final double TICKS_PER_SECOND = 100;

    private final Path root;
    private final boolean available;

    /** @param root where /proc is: another path lets a test take it away */
    public ProcStats(Path root) {
        this.root = root;
        this.available = Files.isReadable(root.resolve("stat"));
    }

    /** Whether this system has a /proc to read: without one no CPU, memory or steal figure is measured. */
    @Override
    public boolean available() {
        return available;
    }

    @Override
    public String source() {
        return available ? root.toString() : "nothing (no " + root + ")";
    }

    /**
     * utime + stime of these processes, in seconds; NaN without /proc. A process that ended between listing and
     * reading is left out (it no longer uses CPU); a file that cannot be parsed is an error, for the caller to count.
     */
    @Override
    public double cpuSeconds(List<ProcessHandle> processes) {
        if (!available) return Double.NaN;
        double ticks = 0;
        for (ProcessHandle process : processes) {
            String stat;
            try {
                stat = Files.readString(root.resolve(Long.toString(process.pid())).resolve("stat"));
            } catch (IOException ended) {
                continue;
            }
            // The command name (field 2) may contain spaces; the fields after its closing parenthesis do not.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        }
        return ticks / TICKS_PER_SECOND;
    }

    /** Resident memory of these processes, in MB (shared pages are counted in each); NaN without /proc. */
    @Override
    public double rssMb(List<ProcessHandle> processes) {
        if (!available) return Double.NaN;
        double kb = 0;
        for (ProcessHandle process : processes) {
            List<String> status;
            try {
                status = Files.readAllLines(root.resolve(Long.toString(process.pid())).resolve("status"));
            } catch (IOException ended) {
                continue;
            }
            for (String line : status) {
                if (line.startsWith("VmRSS:")) {
                    kb += Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        }
        return kb / 1024;
    }

    /** The machine's counters and each CPU's, from one read of /proc/stat; null without /proc. */
    @Override
    public CpuCounters cpuCounters() {
        if (!available) return null;
        List<String> lines;
        try {
            lines = Files.readAllLines(root.resolve("stat"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Map<Integer, MachineCpu> each = new TreeMap<>();
        for (String line : lines) {
            if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
                each.put(Integer.parseInt(line.substring(3, line.indexOf(' '))), parse(line));
            }
        }
        return new CpuCounters(parse(lines.getFirst()), each);
    }

    /** One {@code cpu} line of /proc/stat, in ticks. */
    static MachineCpu parse(String line) {
        String[] f = line.trim().split("\\s+");
        long user = Long.parseLong(f[1]), nice = Long.parseLong(f[2]), system = Long.parseLong(f[3]);
        long idle = Long.parseLong(f[4]), iowait = Long.parseLong(f[5]), irq = Long.parseLong(f[6]);
        long softirq = Long.parseLong(f[7]), steal = Long.parseLong(f[8]);
        return new MachineCpu(user + nice + system + irq + softirq, idle + iowait, steal);
    }
}
