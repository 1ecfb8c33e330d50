package lab.vthreads.lab.isolation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the CPU cgroups are and how to write them: cgroup v1 (separate {@code cpu} and {@code cpuset} hierarchies, as
 * on this project's machines) or a cgroup v2 subtree delegated to the lab (one hierarchy; on a systemd machine run
 * {@code systemd-run --scope -p Delegate=yes ./lab run}). Groups are made under the lab's current cgroup.
 */
abstract class CgroupLayout {

    /** The directories under which the lab makes its groups: one per hierarchy. */
    abstract List<Path> roots();

    abstract boolean v2();

    abstract String describe();

    /** Sets up the lab's own parent group (v1 cpuset needs its CPUs and memory nodes before any child may use them). */
    abstract void prepareParent(Path parent, CpuSet allowed) throws IOException;

    /** One component's group: its CPUs, equal weight, and its quota (cores; null for none). */
    abstract void configure(Path group, CpuSet cpus, Double quotaCores) throws IOException;

    /** Changes the CPUs of a group already configured (in v1, only its cpuset hierarchy's copy has CPUs). */
    abstract void cpus(Path group, CpuSet cpus) throws IOException;

    /**
     * The hierarchy whose groups can hold a process's threads apart (v1's {@code cpu}: any thread may be moved by its
     * TID), or empty where threads must stay with their process (v2 outside its "threaded" mode, which the lab does not
     * set up).
     */
    abstract Optional<Path> threadWeights();

    /**
     * The hierarchy whose groups count their CPU time (v1's {@code cpuacct}, mounted apart from {@code cpu} or with it;
     * v2's one hierarchy), or empty where the lab cannot make groups in it.
     */
    abstract Optional<Path> accounting();

    /** The CPU time a group and every group under it have used, in seconds: the processes that exited included. */
    abstract double cpuSeconds(Path group) throws IOException;

    /** Every hierarchy a component's processes join: those {@link #roots()} configure, and the accounting one. */
    List<Path> memberships() {
        List<Path> all = new java.util.ArrayList<>(roots());
        accounting().filter(a -> !all.contains(a)).ifPresent(all::add);
        return all;
    }

    /** Groups left by a lab that was killed (vthreads-lab-PID of a dead PID, with no process left in them). */
    void removeStale() {
        for (Path root : memberships()) {
            try (Stream<Path> groups = Files.list(root)) {
                for (Path group : groups.filter(g -> g.getFileName().toString().startsWith("vthreads-lab-")).toList()) {
                    long pid = Long.parseLong(group.getFileName().toString().substring("vthreads-lab-".length()));
                    if (ProcessHandle.of(pid).isPresent()) continue;
                    // Innermost first: a service's group holds its JIT's and the rest's (v1).
                    try (Stream<Path> tree = Files.walk(group)) {
                        for (Path dir : tree.filter(Files::isDirectory).sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(dir);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a stale group still in use stays; ours get their own name
            }
        }
    }

    static void write(Path file, String value) throws IOException {
        Files.writeString(file, value);
    }

    /** This machine's layout, or empty when there is none the lab may write (no cgroup, not root, v2 without delegation). */
    static Optional<CgroupLayout> detect() {
        try {
            List<String> mountinfo = Files.readAllLines(Path.of("/proc/self/mountinfo"));
            List<String> own = Files.readAllLines(Path.of("/proc/self/cgroup"));
            Optional<CgroupLayout> v1 = V1.detect(mountinfo, own);
            return v1.isPresent() ? v1 : V2.detect(mountinfo, own);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The mount point of a cgroup filesystem whose super options include {@code controller} (v1), or of cgroup2. */
    static Optional<Path> mountOf(List<String> mountinfo, String fsType, String controller) {
        for (String line : mountinfo) {
            String[] halves = line.split(" - ", 2);
            if (halves.length < 2) continue;
            String[] after = halves[1].split(" ");
            String[] before = halves[0].split(" ");
            if (!after[0].equals(fsType)) continue;
            if (controller == null || List.of(after[2].split(",")).contains(controller)) {
                return Optional.of(Path.of(before[4]));
            }
        }
        return Optional.empty();
    }

    /** The lab's own path in a hierarchy, from /proc/self/cgroup ({@code 4:cpuset:/path}, or {@code 0::/path} for v2). */
    static Optional<String> ownPath(List<String> cgroup, String controller) {
        for (String line : cgroup) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && (controller == null ? f[1].isEmpty() : List.of(f[1].split(",")).contains(controller))) {
                return Optional.of(f[2]);
            }
        }
        return Optional.empty();
    }

    static Path under(Path mount, String path) {
        return path.equals("/") ? mount : mount.resolve(path.substring(1));
    }

    static final class V1 extends CgroupLayout {
        private final Path cpu;
        private final Path cpuset;
        private final Path cpuacct;

        V1(Path cpu, Path cpuset) {
            this(cpu, cpuset, null);
        }

        /** @param cpuacct the lab's group in the cpuacct hierarchy (which may be cpu's own), or null where it has none */
        V1(Path cpu, Path cpuset, Path cpuacct) {
            this.cpu = cpu;
            this.cpuset = cpuset;
            this.cpuacct = cpuacct;
        }

        static Optional<CgroupLayout> detect(List<String> mountinfo, List<String> own) {
            Optional<Path> cpuMount = mountOf(mountinfo, "cgroup", "cpu");
            Optional<Path> cpusetMount = mountOf(mountinfo, "cgroup", "cpuset");
            Optional<String> cpuPath = ownPath(own, "cpu");
            Optional<String> cpusetPath = ownPath(own, "cpuset");
            if (cpuMount.isEmpty() || cpusetMount.isEmpty() || cpuPath.isEmpty() || cpusetPath.isEmpty()) return Optional.empty();
            Path cpu = under(cpuMount.get(), cpuPath.get()), cpuset = under(cpusetMount.get(), cpusetPath.get());
            Optional<Path> acctMount = mountOf(mountinfo, "cgroup", "cpuacct");
            Optional<String> acctPath = ownPath(own, "cpuacct");
            Path cpuacct = acctMount.isPresent() && acctPath.isPresent() ? under(acctMount.get(), acctPath.get()) : null;
            if (cpuacct != null && !Files.isWritable(cpuacct)) cpuacct = null;
            return Files.isWritable(cpu) && Files.isWritable(cpuset) ? Optional.of(new V1(cpu, cpuset, cpuacct)) : Optional.empty();
        }

        Optional<Path> accounting() {
            return Optional.ofNullable(cpuacct);
        }

        double cpuSeconds(Path group) throws IOException {
            return Long.parseLong(Files.readString(group.resolve("cpuacct.usage")).trim()) / 1e9;
        }

        List<Path> roots() {
            return List.of(cpu, cpuset);
        }

        boolean v2() {
            return false;
        }

        String describe() {
            return "cgroup v1: cpu at " + cpu + ", cpuset at " + cpuset + (cpuacct == null ? ", no cpuacct" : cpuacct.equals(cpu) ? "" : ", cpuacct at " + cpuacct);
        }

        void prepareParent(Path parent, CpuSet allowed) throws IOException {
            if (parent.startsWith(cpuset)) {
                write(parent.resolve("cpuset.cpus"), allowed.toString());
                write(parent.resolve("cpuset.mems"), Files.readString(cpuset.resolve("cpuset.mems")).trim());
            }
        }

        void cpus(Path group, CpuSet cpus) throws IOException {
            if (group.startsWith(cpuset)) write(group.resolve("cpuset.cpus"), cpus.toString());
        }

        Optional<Path> threadWeights() {
            return Optional.of(cpu);
        }

        void configure(Path group, CpuSet cpus, Double quotaCores) throws IOException {
            if (group.startsWith(cpuset)) {
                write(group.resolve("cpuset.cpus"), cpus.toString());
                write(group.resolve("cpuset.mems"), Files.readString(group.getParent().resolve("cpuset.mems")).trim());
            } else {
                write(group.resolve("cpu.shares"), Integer.toString(CgroupIsolation.SHARES));
                write(group.resolve("cpu.cfs_period_us"), Long.toString(CgroupIsolation.PERIOD_US));
                write(group.resolve("cpu.cfs_quota_us"), quotaCores != null ? Long.toString(Math.round(quotaCores * CgroupIsolation.PERIOD_US)) : "-1");
            }
        }
    }

    /**
     * A delegated v2 subtree. v2 lets a group hand controllers to its children only while it holds no process
     * itself, so the lab first moves into a leaf of its own ({@code vthreads-lab-PID/lab}), then enables cpu and
     * cpuset in the groups above it. Where the lab's cgroup holds other processes too, that fails and the lab falls
     * back to affinity, saying why.
     */
    static final class V2 extends CgroupLayout {
        private final Path root;

        V2(Path root) {
            this.root = root;
        }

        static Optional<CgroupLayout> detect(List<String> mountinfo, List<String> own) {
            Optional<Path> mount = mountOf(mountinfo, "cgroup2", null);
            Optional<String> path = ownPath(own, null);
            if (mount.isEmpty() || path.isEmpty()) return Optional.empty();
            Path root = under(mount.get(), path.get());
            try {
                List<String> controllers = List.of(Files.readString(root.resolve("cgroup.controllers")).trim().split(" "));
                return controllers.contains("cpu") && controllers.contains("cpuset") && Files.isWritable(root) ? Optional.of(new V2(root)) : Optional.empty();
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        List<Path> roots() {
            return List.of(root);
        }

        boolean v2() {
            return true;
        }

        String describe() {
            return "cgroup v2 at " + root;
        }

        void prepareParent(Path parent, CpuSet allowed) throws IOException {
            Path self = Files.createDirectories(parent.resolve("lab"));
            write(self.resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
            write(root.resolve("cgroup.subtree_control"), "+cpu +cpuset");
            write(parent.resolve("cgroup.subtree_control"), "+cpu +cpuset");
            write(parent.resolve("cpuset.cpus"), allowed.toString());
        }

        void cpus(Path group, CpuSet cpus) throws IOException {
            write(group.resolve("cpuset.cpus"), cpus.toString());
        }

        Optional<Path> threadWeights() {
            return Optional.empty();
        }

        Optional<Path> accounting() {
            return Optional.of(root);
        }

        /** cpu.stat's {@code usage_usec}, which v2 keeps for every group, with or without the cpu controller. */
        double cpuSeconds(Path group) throws IOException {
            for (String line : Files.readAllLines(group.resolve("cpu.stat"))) {
                if (line.startsWith("usage_usec ")) return Long.parseLong(line.substring("usage_usec ".length()).trim()) / 1e6;
            }
            throw new IOException("no usage_usec in " + group.resolve("cpu.stat"));
        }

        void configure(Path group, CpuSet cpus, Double quotaCores) throws IOException {
            write(group.resolve("cpuset.cpus"), cpus.toString());
            write(group.resolve("cpu.weight"), Integer.toString(CgroupIsolation.V2_WEIGHT));
            write(group.resolve("cpu.max"), (quotaCores != null ? Long.toString(Math.round(quotaCores * CgroupIsolation.PERIOD_US)) : "max")
                    + " " + CgroupIsolation.PERIOD_US);
        }
    }
}
