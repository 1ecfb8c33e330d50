package lab.vthreads.lab.isolation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** Sets up what was asked for as far as this machine allows, and says what it fell back to and why. */
public final class Isolations {

    private Isolations() {
    }

    /** Nothing partitioned: for {@code ./lab up}, whose load comes from outside the lab. */
    public static Isolation none() {
        return new NoIsolation(allowedCpus().toString(), "not partitioned");
    }

    /**
     * @param quotas explicit CPU limits by component, in cores
     * @param notes  where to say what was chosen
     */
    /** A stack the lab does not start (--target): it places nothing, and says so. */
    public static Isolation external() {
        return new NoIsolation(allowedCpus().toString(), "external target (--target): the system under test runs where the target file "
                + "says and the lab placed none of it; Gatling and the lab share this machine's CPUs with whatever else runs here");
    }

    public static Isolation create(Isolation.Request request, Map<String, Double> quotas, Consumer<String> notes) {
        return create(request, allowedCpus(), CgroupLayout::detect, Files.isExecutable(Path.of(AffinityIsolation.TASKSET)), quotas, notes);
    }

    /** The same, with what it would read from the machine given: for the tests of the fallbacks. */
    static Isolation create(Isolation.Request request, CpuSet allowed, Supplier<Optional<CgroupLayout>> cgroups, boolean taskset,
                            Map<String, Double> quotas, Consumer<String> notes) {
        if (request == Isolation.Request.OFF) {
            return new NoIsolation(allowed.toString(), "switched off (--isolation off): every process shares every CPU, per thread");
        }
        SidePlan plan;
        try {
            plan = SidePlan.split(allowed, quotas);
        } catch (IllegalArgumentException e) {
            return refuse(request, allowed, e.getMessage(), notes);
        }
        String why = "";
        if (request == Isolation.Request.AUTO || request == Isolation.Request.CGROUP) {
            var layout = cgroups.get();
            if (layout.isPresent()) {
                try {
                    return CgroupIsolation.create(layout.get(), plan, ProcessHandle.current().pid());
                } catch (IllegalStateException e) {
                    why = e.getMessage();
                }
            } else {
                why = "no writable cgroup cpu and cpuset here (not Linux, not root, or cgroup v2 without a delegated subtree)";
            }
            if (request == Isolation.Request.CGROUP) {
                throw new IllegalStateException("--isolation cgroup: " + why);
            }
        }
        if (taskset) {
            String reason = request == Isolation.Request.AFFINITY ? "affinity asked for (--isolation affinity)" : "no cgroups: " + why;
            notes.accept("Isolation: CPU affinity only (" + reason + ")");
            return new AffinityIsolation(plan, reason);
        }
        return refuse(request, allowed, why.isEmpty() ? "no taskset (util-linux) to pin with" : why + "; and no taskset to pin with", notes);
    }

    private static Isolation refuse(Isolation.Request request, CpuSet allowed, String why, Consumer<String> notes) {
        if (request == Isolation.Request.AFFINITY || request == Isolation.Request.CGROUP) {
            throw new IllegalStateException("--isolation " + request.name().toLowerCase() + ": " + why);
        }
        notes.accept("Isolation: NONE. The load generator shares every CPU with the services: " + why);
        return new NoIsolation(allowed.toString(), "not isolated: " + why);
    }

    /** The CPUs this process may use (a container or a taskset may have narrowed them), from /proc; all of them elsewhere. */
    static CpuSet allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return CpuSet.parse(line.substring("Cpus_allowed_list:".length()));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return CpuSet.parse("0-" + (Runtime.getRuntime().availableProcessors() - 1));
    }
}
