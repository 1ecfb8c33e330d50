package lab.vthreads.lab.isolation;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** A set of CPU numbers in the kernel's list format ({@code 0-1,3}), as cpuset, taskset and /proc write them. */
public record CpuSet(List<Integer> cpus) {

    public CpuSet {
        cpus = List.copyOf(cpus);
    }

    public static CpuSet parse(String list) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : list.trim().split(",")) {
            if (part.isBlank()) continue;
            String[] range = part.trim().split("-");
            int from = Integer.parseInt(range[0].trim());
            int to = range.length > 1 ? Integer.parseInt(range[1].trim()) : from;
            for (int cpu = from; cpu <= to; cpu++) cpus.add(cpu);
        }
        return new CpuSet(cpus);
    }

    public int size() {
        return cpus.size();
    }

    /** The first {@code n} CPUs and the rest. */
    public CpuSet first(int n) {
        return new CpuSet(cpus.subList(0, n));
    }

    public CpuSet after(int n) {
        return new CpuSet(cpus.subList(n, cpus.size()));
    }

    @Override
    public String toString() {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
