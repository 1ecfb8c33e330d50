package lab.vthreads.lab.stack;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What compose's {@code deploy.resources.limits} gives a container, as JVM flags for a native process: the JVM
 * sizes its GC and common pools from {@code -XX:ActiveProcessorCount} and its default heap (25%) from
 * {@code -XX:MaxRAM}, as it would inside a container with those limits. {@code cpuList}, when set, also pins the
 * process to those CPUs with {@code taskset} (Linux), which is the closest native match to a CPU quota.
 *
 * @param cpus     e.g. 2 or 1.5 (rounded up for the JVM; a quota of 1.5 still lets the JVM see 2 CPUs)
 * @param memoryMb e.g. 2048
 * @param cpuList  e.g. "0" or "0-1"; null for no pinning
 */
public record ResourceLimit(double cpus, long memoryMb, String cpuList) {

    public static final ResourceLimit COMPOSE_DEFAULT = new ResourceLimit(2, 2048, null);

    public ResourceLimit {
        if (cpus <= 0 || memoryMb <= 0) {
            throw new IllegalArgumentException("a limit needs cpus > 0 and memory > 0");
        }
    }

    /** {@code 2}, {@code 2:2g}, {@code 1.5:512m}, {@code 1:1g:0} (CPUS[:MEMORY[:CPU_LIST]]). */
    public static ResourceLimit parse(String text) {
        String[] parts = text.trim().split(":");
        try {
            double cpus = Double.parseDouble(parts[0]);
            long memory = parts.length > 1 ? megabytes(parts[1]) : COMPOSE_DEFAULT.memoryMb();
            String cpuList = parts.length > 2 ? parts[2] : null;
            if (parts.length > 3) {
                throw new IllegalArgumentException();
            }
            return new ResourceLimit(cpus, memory, cpuList);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid limit '" + text + "': use CPUS[:MEMORY[:CPU_LIST]], e.g. 2:2g or 1.5:1g:0");
        }
    }

    /** Limits by component name, as presets and {@code --limit} spell them ({@code pessoa-service: "1.5:2g"}). */
    public static Map<StackSettings.Component, ResourceLimit> parseAll(Map<String, String> byName) {
        Map<StackSettings.Component, ResourceLimit> limits = new EnumMap<>(StackSettings.Component.class);
        if (byName != null) {
            byName.forEach((name, limit) -> limits.put(StackSettings.Component.of(name), parse(limit)));
        }
        return limits;
    }

    private static long megabytes(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (t.endsWith("g")) return Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1024);
        if (t.endsWith("m")) return Long.parseLong(t.substring(0, t.length() - 1));
        throw new IllegalArgumentException();
    }

    public List<String> jvmFlags() {
        return jvmFlags(null);
    }

    /**
     * @param processors how many CPUs the JVM believes it has, when a cell says so (the jvmProcessors factor); null:
     *                   this limit's, as a JVM in a container with this limit would. It sizes the virtual-thread
     *                   scheduler's carriers, the GC (SerialGC below 2) and the JIT's compiler threads, whatever CPUs
     *                   the process may really run on.
     */
    public List<String> jvmFlags(Integer processors) {
        List<String> flags = new ArrayList<>();
        flags.add("-XX:ActiveProcessorCount=" + (processors != null ? processors : (int) Math.ceil(cpus)));
        flags.add("-XX:MaxRAM=" + memoryMb + "m");
        return flags;
    }

    /** The command prefix that pins a process to {@code cpuList}, if asked and if taskset exists here. */
    public List<String> affinityPrefix() {
        if (cpuList == null) {
            return List.of();
        }
        if (!new java.io.File("/usr/bin/taskset").canExecute()) {
            throw new IllegalStateException("CPU affinity " + cpuList + " needs taskset (util-linux), which is not installed");
        }
        return List.of("/usr/bin/taskset", "-c", cpuList);
    }

    public String describe() {
        String cpu = cpus == Math.rint(cpus) ? Long.toString((long) cpus) : Double.toString(cpus);
        return cpu + " CPU, " + memoryMb + " MB" + (cpuList != null ? ", CPUs " + cpuList : "");
    }
}
