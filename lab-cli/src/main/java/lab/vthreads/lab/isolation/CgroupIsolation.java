package lab.vthreads.lab.isolation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Each component in CPU cgroups of its own: pinned to its side's CPUs, with the same weight as every other component
 * (so a process with many runnable threads gets no more CPU than one with two), and with a CPU quota where the
 * preset or {@code --limit} gives one. A process starts inside its groups: a small shell writes its own PID into
 * them and then becomes the component ({@code exec}), so nothing it starts later can escape.
 *
 * <p>Works on cgroup v1 (separate {@code cpu} and {@code cpuset} hierarchies) and on a delegated cgroup v2 subtree
 * (one hierarchy, {@code cpu.weight}, {@code cpu.max}, {@code cpuset.cpus}); see {@link CgroupLayout}.
 */
final class CgroupIsolation implements Isolation {

    /** Equal for everyone; in v1 units (cpu.shares); v2's cpu.weight default is 100. */
    static final int SHARES = 1024;
    static final int V2_WEIGHT = 100;
    static final long PERIOD_US = 100_000;

    private final CgroupLayout layout;
    private final SidePlan plan;
    private final String group;
    private final List<Path> created = new ArrayList<>();

    private CgroupIsolation(CgroupLayout layout, SidePlan plan, String group) {
        this.layout = layout;
        this.plan = plan;
        this.group = group;
    }

    /** Creates the groups under {@code vthreads-lab-<pid>}; fails (and removes what it made) where the machine refuses. */
    static CgroupIsolation create(CgroupLayout layout, SidePlan plan, long pid) {
        CgroupIsolation isolation = new CgroupIsolation(layout, plan, "vthreads-lab-" + pid);
        try {
            layout.removeStale();
            isolation.setUp();
            return isolation;
        } catch (IOException | RuntimeException e) {
            isolation.close();
            throw new IllegalStateException("cgroups (" + layout.describe() + ") refused: " + e.getMessage(), e);
        }
    }

    private void setUp() throws IOException {
        for (Path root : layout.roots()) {
            Path parent = mkdir(root.resolve(group));
            layout.prepareParent(parent, plan.allowed());
        }
        for (String component : SidePlan.COMPONENTS) {
            for (Path root : layout.roots()) {
                Path dir = mkdir(root.resolve(group).resolve(component));
                layout.configure(dir, plan.cpusOf(component), plan.quotaOf(component));
            }
        }
    }

    /** A v2 layout has already made the lab's own leaf (it had to move there first). */
    private Path mkdir(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) Files.createDirectory(dir);
        created.add(dir);
        return dir;
    }

    @Override
    public List<String> prefix(String component) {
        StringBuilder script = new StringBuilder();
        for (Path root : layout.roots()) {
            script.append("echo $$ > '").append(root.resolve(group).resolve(component).resolve("cgroup.procs")).append("' && ");
        }
        script.append("exec \"$@\"");
        return List.of("/bin/sh", "-c", script.toString(), "sh");
    }

    @Override
    public void widenForStart(List<String> components) {
        cpus(components, true);
    }

    @Override
    public void narrowAfterStart(List<String> components) {
        cpus(components, false);
    }

    /** A cpuset change applies to every thread already in the group and to those it starts later. */
    private void cpus(List<String> components, boolean wide) {
        try {
            for (String component : components) {
                for (Path root : layout.roots()) {
                    layout.cpus(root.resolve(group).resolve(component), wide ? plan.allowed() : plan.cpusOf(component));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not set the CPUs of " + components + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void placeSelf() {
        try {
            for (Path root : layout.roots()) {
                Files.writeString(root.resolve(group).resolve("lab").resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not move the lab into its cgroup: " + e.getMessage(), e);
        }
    }

    @Override
    public Integer cpuCount(String component) {
        return plan.cpusOf(component).size();
    }

    @Override
    public Partition partition() {
        return plan.partition(Partition.Mode.CGROUP, "each component in cgroups of its own (" + layout.describe()
                + "): pinned to its side's CPUs, equal CPU weight, quotas where the preset gives them", layout.v2() ? V2_WEIGHT : SHARES);
    }

    /**
     * Moves the lab back where it came from, then removes the groups, innermost first. Synchronized: a shutdown hook's
     * abort and the run's own ending may both close.
     */
    @Override
    public synchronized void close() {
        try {
            for (Path root : layout.roots()) {
                if (Files.exists(root.resolve(group))) {
                    Files.writeString(root.resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
                }
            }
        } catch (IOException | RuntimeException e) {
            // then the lab's own group stays until the lab exits; the next run removes it as stale
        }
        for (int i = created.size() - 1; i >= 0; i--) {
            try {
                Files.deleteIfExists(created.get(i));
            } catch (IOException e) {
                // a process still in it (stopped late): removed as stale by the next run
            }
        }
        created.clear();
    }

    Map<String, Double> quotas() {
        return plan.quotas();
    }
}
