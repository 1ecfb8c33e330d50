package lab.vthreads.lab.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** CPU time and resident memory of processes, and the machine's CPU, from Linux's /proc (zero elsewhere). */
public final class ProcStats {

    /** Linux reports process times in clock ticks of 1/100 s on every architecture the lab runs on. */
    static final double TICKS_PER_SECOND = 100;

    private ProcStats() {
    }

    /** utime + stime of these processes, in seconds. */
    public static double cpuSeconds(List<ProcessHandle> processes) {
        double ticks = 0;
        for (ProcessHandle process : processes) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
                // The command name (field 2) may contain spaces; the fields after its closing parenthesis do not.
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            } catch (IOException | RuntimeException e) {
                // the process ended between listing and reading: it no longer uses CPU
            }
        }
        return ticks / TICKS_PER_SECOND;
    }

    /** Resident memory of these processes, in MB (shared pages are counted in each). */
    public static double rssMb(List<ProcessHandle> processes) {
        double kb = 0;
        for (ProcessHandle process : processes) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                    if (line.startsWith("VmRSS:")) {
                        kb += Long.parseLong(line.replaceAll("\\D", ""));
                    }
                }
            } catch (IOException | RuntimeException e) {
                // ended meanwhile
            }
        }
        return kb / 1024;
    }

    /** The machine's aggregate CPU counters: busy, idle (with iowait) and steal, in ticks. */
    public record MachineCpu(long busy, long idle, long steal) {

        public static MachineCpu read() {
            try {
                return parse(Files.readAllLines(Path.of("/proc/stat")).getFirst());
            } catch (IOException | RuntimeException e) {
                return new MachineCpu(0, 0, 0);
            }
        }

        /** Each CPU's counters ({@code cpu0}, {@code cpu1}, ... lines), by CPU number: a partition's sides are sets of these. */
        public static java.util.Map<Integer, MachineCpu> readEach() {
            java.util.Map<Integer, MachineCpu> each = new java.util.TreeMap<>();
            try {
                for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
                    if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
                        each.put(Integer.parseInt(line.substring(3, line.indexOf(' '))), parse(line));
                    }
                }
            } catch (IOException | RuntimeException e) {
                // not Linux: no per-CPU figures
            }
            return each;
        }

        private static MachineCpu parse(String line) {
            String[] f = line.trim().split("\\s+");
            long user = Long.parseLong(f[1]), nice = Long.parseLong(f[2]), system = Long.parseLong(f[3]);
            long idle = Long.parseLong(f[4]), iowait = Long.parseLong(f[5]), irq = Long.parseLong(f[6]);
            long softirq = Long.parseLong(f[7]), steal = Long.parseLong(f[8]);
            return new MachineCpu(user + nice + system + irq + softirq, idle + iowait, steal);
        }

        /** Busy and steal shares (0..1) of the time between {@code before} and this reading. */
        public double[] sharesSince(MachineCpu before) {
            double busyDelta = busy - before.busy, idleDelta = idle - before.idle, stealDelta = steal - before.steal;
            double total = busyDelta + idleDelta + stealDelta;
            return total <= 0 ? new double[] {0, 0} : new double[] {busyDelta / total, stealDelta / total};
        }
    }
}
