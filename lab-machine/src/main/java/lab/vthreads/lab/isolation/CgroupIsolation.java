package lab.vthreads.lab.isolation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

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
    /** The JVMs under test, whose JIT compiler threads get a group of their own where the machine allows it. */
    static final List<String> SERVICES = List.of("pessoa-service", "gateway-service", "app");
    static final String APP = "app", JIT = "jit";

    private final CgroupLayout layout;
    private final SidePlan plan;
    private final String group;
    private final List<Path> created = new ArrayList<>();

    private final Path procRoot;

    private CgroupIsolation(CgroupLayout layout, SidePlan plan, String group, Path procRoot) {
        this.layout = layout;
        this.plan = plan;
        this.group = group;
        this.procRoot = procRoot;
    }

    /** Creates the groups under {@code vthreads-lab-<pid>}; fails (and removes what it made) where the machine refuses. */
    static CgroupIsolation create(CgroupLayout layout, SidePlan plan, long pid) {
        return create(layout, plan, pid, Path.of("/proc"));
    }

    /** @param procRoot where each thread's {@code <tid>/comm} is: /proc, or a stand-in for tests */
    static CgroupIsolation create(CgroupLayout layout, SidePlan plan, long pid, Path procRoot) {
        CgroupIsolation isolation = new CgroupIsolation(layout, plan, "vthreads-lab-" + pid, procRoot);
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
        // A hierarchy that only counts (v1's cpuacct mounted on its own): groups to be in, nothing to configure.
        for (Path root : layout.memberships()) {
            if (layout.roots().contains(root)) continue;
            mkdir(root.resolve(group));
            for (String component : SidePlan.COMPONENTS) mkdir(root.resolve(group).resolve(component));
        }
        // A JVM's compiler threads compete with its request threads one thread against one: beside 20-100 runnable
        // platform threads they got a twentieth of the service's CPU and compiled for minutes, beside two carriers a
        // third (cpu-bound, measured), so the JIT's share depended on the thread model. In a group of their own with
        // the same weight as the group of every other thread of their JVM, they may take up to half of the service's
        // CPU while they have work, in either mode, and nothing when they have none.
        Optional<Path> weights = layout.threadWeights();
        if (weights.isPresent()) {
            for (String service : SERVICES) {
                for (String part : List.of(APP, JIT)) {
                    Path dir = mkdir(weights.get().resolve(group).resolve(service).resolve(part));
                    CgroupLayout.write(dir.resolve("cpu.shares"), Integer.toString(SHARES));
                }
            }
        }
    }

    /** The group a component's process starts in, in one hierarchy: a service's "app" part where its JIT gets its own. */
    private Path start(Path root, String component) {
        Path dir = root.resolve(group).resolve(component);
        return SERVICES.contains(component) && layout.threadWeights().filter(root::equals).isPresent() ? dir.resolve(APP) : dir;
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
        for (Path root : layout.memberships()) {
            script.append("echo $$ > '").append(start(root, component).resolve("cgroup.procs")).append("' && ");
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
        // Started and healthy: every compiler thread its JVM starts with exists by now, and any it adds later is made
        // by a compiler thread, so it is born in their group.
        layout.threadWeights().ifPresent(weights -> {
            for (String component : components) {
                if (SERVICES.contains(component)) moveCompilerThreads(weights.resolve(group).resolve(component));
            }
        });
    }

    /**
     * How much more weight a prewarm gives the services' compiler groups than the rest of their JVM, and the services
     * than the other components. At equal weights, prewarmed on both CPUs beside the load generator and the CEP mock,
     * pessoa-service's compilers got 0.15-0.3 cores while its compile queue never emptied (compilers at work for about
     * every second of elapsed time), and a prewarm took 108-111 s to settle here.
     */
    static final int COMPILER_FAVOUR = 8, SERVICE_FAVOUR = 2;

    @Override
    public void favourCompilers(boolean favour) {
        layout.threadWeights().ifPresent(weights -> {
            try {
                for (String service : SERVICES) {
                    Path dir = weights.resolve(group).resolve(service);
                    CgroupLayout.write(dir.resolve("cpu.shares"), Integer.toString(favour ? SHARES * SERVICE_FAVOUR : SHARES));
                    CgroupLayout.write(dir.resolve(JIT).resolve("cpu.shares"), Integer.toString(favour ? SHARES * COMPILER_FAVOUR : SHARES));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("could not set the weight of the services' JIT compilers: " + e.getMessage(), e);
            }
        });
    }

    /** HotSpot names them "C1 CompilerThread0", "C2 CompilerThread1", ...; the kernel keeps 15 characters of a name. */
    static boolean compilerThread(String comm) {
        return comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre");
    }

    private void moveCompilerThreads(Path service) {
        try {
            for (String tid : Files.readAllLines(service.resolve(APP).resolve("tasks"))) {
                if (tid.isBlank()) continue;
                String comm;
                try {
                    comm = Files.readString(procRoot.resolve(tid.trim()).resolve("comm")).trim();
                } catch (IOException gone) {
                    continue;
                }
                if (!compilerThread(comm)) continue;
                try {
                    CgroupLayout.write(service.resolve(JIT).resolve("tasks"), tid.trim());
                } catch (IOException e) {
                    // A thread that ended meanwhile has nothing left to move.
                    if (Files.exists(procRoot.resolve(tid.trim()))) throw e;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not give " + service.getFileName() + "'s JIT compiler threads their group: " + e.getMessage(), e);
        }
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
            for (Path root : layout.memberships()) {
                Files.writeString(root.resolve(group).resolve("lab").resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not move the lab into its cgroup: " + e.getMessage(), e);
        }
    }

    /**
     * From the component's group: exact where a process's own utime and stime are not, as they leave out its children
     * that exited (PostgreSQL's backends) and every process that was replaced (a fault's restart, one Gatling JVM after
     * another), and they read as a drop when the process they follow changes.
     */
    @Override
    public OptionalDouble cpuSeconds(String component) {
        Optional<Path> root = layout.accounting();
        if (root.isEmpty() || !SidePlan.COMPONENTS.contains(component)) return OptionalDouble.empty();
        try {
            return OptionalDouble.of(layout.cpuSeconds(root.get().resolve(group).resolve(component)));
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("could not read the CPU time of " + component + "'s cgroup: " + e.getMessage(), e);
        }
    }

    @Override
    public Integer cpuCount(String component) {
        return plan.cpusOf(component).size();
    }

    @Override
    public Partition partition() {
        return plan.partition(Partition.Mode.CGROUP, "each component in cgroups of its own (" + layout.describe()
                + "): pinned to its side's CPUs, equal CPU weight, quotas where the preset gives them; "
                + (layout.threadWeights().isPresent() ? "each service's JIT compiler threads in a group of their own, "
                + "with the same weight as the rest of their JVM (favoured during prewarms, which measure nothing)"
                : "each service's JIT compiler threads share its group "
                + "with its other threads (v2 keeps a process's threads together)")
                + (layout.accounting().isPresent() ? "; each component's CPU time from its group's own count, exited processes included"
                : "; each component's CPU time from its processes (no cpuacct group here)"), layout.v2() ? V2_WEIGHT : SHARES);
    }

    /**
     * Moves the lab back where it came from, then removes the groups, innermost first. Synchronized: a shutdown hook's
     * abort and the run's own ending may both close.
     */
    @Override
    public synchronized void close() {
        try {
            for (Path root : layout.memberships()) {
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
