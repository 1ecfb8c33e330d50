package lab.vthreads.lab.isolation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the lab writes into the cgroup filesystem, checked on a directory tree standing in for it: the real one
 * (/sys/fs/cgroup) needs root and would change the machine the tests run on.
 */
class CgroupIsolationTest {

    @TempDir
    Path root;

    @Test
    void v1PutsEachComponentInItsSidesCpusetWithEqualSharesAndItsQuota() throws IOException {
        Path cpu = Files.createDirectories(root.resolve("cpu"));
        Path cpuset = Files.createDirectories(root.resolve("cpuset"));
        Files.writeString(cpuset.resolve("cpuset.mems"), "0\n");
        SidePlan plan = SidePlan.split(CpuSet.parse("0-1"), Map.of("wiremock", 0.5));

        CgroupIsolation isolation = CgroupIsolation.create(new CgroupLayout.V1(cpu, cpuset), plan, 4242);

        Path group = cpuset.resolve("vthreads-lab-4242");
        assertThat(group.resolve("cpuset.cpus")).hasContent("0,1");
        assertThat(group.resolve("pessoa-service/cpuset.cpus")).hasContent("1");
        assertThat(group.resolve("postgres/cpuset.cpus")).hasContent("1");
        assertThat(group.resolve("gatling/cpuset.cpus")).hasContent("0");
        assertThat(group.resolve("lab/cpuset.mems")).hasContent("0");
        Path shares = cpu.resolve("vthreads-lab-4242");
        assertThat(shares.resolve("pessoa-service/cpu.shares")).hasContent("1024");
        assertThat(shares.resolve("gatling/cpu.shares")).hasContent("1024");
        assertThat(shares.resolve("pessoa-service/cpu.cfs_quota_us")).hasContent("-1");
        // 0.5 CPU = 50 ms of every 100 ms period
        assertThat(shares.resolve("wiremock/cpu.cfs_quota_us")).hasContent("50000");
        assertThat(shares.resolve("wiremock/cpu.cfs_period_us")).hasContent("100000");
        assertThat(isolation.partition().mode()).isEqualTo(Partition.Mode.CGROUP);
        assertThat(isolation.partition().components().get("wiremock").quotaCores()).isEqualTo(0.5);
        assertThat(isolation.cpuCount("pessoa-service")).isEqualTo(1);
    }

    @Test
    void theServicesStartOnEveryCpuAndAreBackOnTheirSideBeforeAnyLoad() throws IOException {
        CgroupIsolation isolation = v1(4243);
        Path cpu = root.resolve("cpu");
        Path group = root.resolve("cpuset/vthreads-lab-4243");
        // As in cgroupfs, where every group has its tasks file.
        for (String service : CgroupIsolation.SERVICES) Files.writeString(cpu.resolve("vthreads-lab-4243").resolve(service).resolve("app/tasks"), "");

        isolation.widenForStart(java.util.List.of("pessoa-service", "gateway-service"));
        assertThat(group.resolve("pessoa-service/cpuset.cpus")).hasContent("0,1");
        assertThat(group.resolve("gateway-service/cpuset.cpus")).hasContent("0,1");
        assertThat(group.resolve("gatling/cpuset.cpus")).hasContent("0");

        isolation.narrowAfterStart(java.util.List.of("pessoa-service", "gateway-service"));
        assertThat(group.resolve("pessoa-service/cpuset.cpus")).hasContent("1");
        assertThat(group.resolve("gateway-service/cpuset.cpus")).hasContent("1");
    }

    @Test
    void thePartitionCountsTheMachinesCpusOnBothSidesAndWritesNoStrayProperty() {
        Partition isolated = SidePlan.split(CpuSet.parse("0-3"), Map.of()).partition(Partition.Mode.CGROUP, "test", 1024);
        Partition shared = new Partition(Partition.Mode.NONE, "off", "0-1", "0-1", Map.of());

        assertThat(isolated.machineCpuCount()).isEqualTo(4);
        assertThat(shared.machineCpuCount()).isEqualTo(2);
        String json = tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(isolated);
        assertThat(json).contains("\"loadCpus\"").doesNotContain("olated");
    }

    @Test
    void aProcessStartsInsideItsGroupsBeforeItBecomesTheComponent() throws IOException {
        Path cpu = Files.createDirectories(root.resolve("cpu"));
        Path cpuset = Files.createDirectories(root.resolve("cpuset"));
        Files.writeString(cpuset.resolve("cpuset.mems"), "0");
        CgroupIsolation isolation = CgroupIsolation.create(new CgroupLayout.V1(cpu, cpuset), SidePlan.split(CpuSet.parse("0-1"), Map.of()), 7);

        var prefix = isolation.prefix("gateway-service");

        assertThat(prefix).startsWith("/bin/sh", "-c");
        // A service starts in the part of its cpu group that is not its JIT's; its CPUs are the whole group's.
        assertThat(prefix.get(2)).contains("echo $$ > '" + cpu.resolve("vthreads-lab-7/gateway-service/app/cgroup.procs") + "'",
                "echo $$ > '" + cpuset.resolve("vthreads-lab-7/gateway-service/cgroup.procs") + "'").endsWith("exec \"$@\"");
        assertThat(prefix.getLast()).isEqualTo("sh");
        assertThat(isolation.prefix("postgres").get(2)).contains("echo $$ > '" + cpu.resolve("vthreads-lab-7/postgres/cgroup.procs") + "'");
    }

    @Test
    void v1GivesEachServicesJitCompilerThreadsAGroupOfTheirOwnWithTheWeightOfTheRestOfTheirJvm() throws IOException {
        Path cpu = Files.createDirectories(root.resolve("cpu"));
        Path cpuset = Files.createDirectories(root.resolve("cpuset"));
        Files.writeString(cpuset.resolve("cpuset.mems"), "0");
        Path proc = Files.createDirectories(root.resolve("proc"));
        // A request thread, a compiler thread, and a thread that ended between the listing and its move.
        for (String[] thread : new String[][] {{"101", "http-nio-8081-e"}, {"102", "C2 CompilerThre"}}) {
            Files.writeString(Files.createDirectories(proc.resolve(thread[0])).resolve("comm"), thread[1] + "\n");
        }
        CgroupIsolation isolation = CgroupIsolation.create(new CgroupLayout.V1(cpu, cpuset), SidePlan.split(CpuSet.parse("0-1"), Map.of()), 8, proc);
        Path pessoa = cpu.resolve("vthreads-lab-8/pessoa-service");
        assertThat(pessoa.resolve("app/cpu.shares")).hasContent("1024");
        assertThat(pessoa.resolve("jit/cpu.shares")).hasContent("1024");
        assertThat(cpu.resolve("vthreads-lab-8/gateway-service/jit/cpu.shares")).hasContent("1024");
        assertThat(cpu.resolve("vthreads-lab-8/postgres/jit")).doesNotExist();
        assertThat(cpuset.resolve("vthreads-lab-8/pessoa-service/jit")).doesNotExist();
        Files.writeString(pessoa.resolve("app/tasks"), "101\n102\n103\n");

        isolation.narrowAfterStart(java.util.List.of("pessoa-service"));

        assertThat(pessoa.resolve("jit/tasks")).hasContent("102");
        assertThat(isolation.partition().reason()).contains("JIT compiler threads in a group of their own");
    }

    /** A v1 layout under {@code root/cpu} and {@code root/cpuset}, both CPUs split as the lab splits them. */
    private CgroupIsolation v1(long pid) throws IOException {
        Path cpuset = Files.createDirectories(root.resolve("cpuset"));
        Files.writeString(cpuset.resolve("cpuset.mems"), "0\n");
        return CgroupIsolation.create(new CgroupLayout.V1(Files.createDirectories(root.resolve("cpu")), cpuset),
                SidePlan.split(CpuSet.parse("0-1"), Map.of()), pid);
    }

    @Test
    void aPrewarmFavoursTheServicesCompilersAndEqualWeightsComeBackAfterIt() throws IOException {
        CgroupIsolation isolation = v1(9);
        Path group = root.resolve("cpu/vthreads-lab-9");

        isolation.favourCompilers(true);

        for (String service : java.util.List.of("pessoa-service", "gateway-service")) {
            assertThat(group.resolve(service).resolve("jit/cpu.shares")).hasContent(Integer.toString(1024 * CgroupIsolation.COMPILER_FAVOUR));
            assertThat(group.resolve(service).resolve("app/cpu.shares")).hasContent("1024");
            assertThat(group.resolve(service).resolve("cpu.shares")).hasContent(Integer.toString(1024 * CgroupIsolation.SERVICE_FAVOUR));
        }
        // The load side and PostgreSQL keep their weight: only the services' compilers are favoured.
        assertThat(group.resolve("gatling/cpu.shares")).hasContent("1024");
        assertThat(group.resolve("postgres/cpu.shares")).hasContent("1024");

        isolation.favourCompilers(false);

        for (String service : java.util.List.of("pessoa-service", "gateway-service")) {
            assertThat(group.resolve(service).resolve("jit/cpu.shares")).hasContent("1024");
            assertThat(group.resolve(service).resolve("cpu.shares")).hasContent("1024");
        }
    }

    @Test
    void v1WithCpuacctApartPutsEachComponentInItsCountingGroupTooAndReadsItsCpuTimeThere() throws IOException {
        Path cpu = Files.createDirectories(root.resolve("cpu"));
        Path cpuset = Files.createDirectories(root.resolve("cpuset"));
        Path cpuacct = Files.createDirectories(root.resolve("cpuacct"));
        Files.writeString(cpuset.resolve("cpuset.mems"), "0");
        CgroupIsolation isolation = CgroupIsolation.create(new CgroupLayout.V1(cpu, cpuset, cpuacct), SidePlan.split(CpuSet.parse("0-1"), Map.of()), 11);
        Path counting = cpuacct.resolve("vthreads-lab-11");

        // In cpuacct a service's process joins its component's group, whole: the count covers its JIT too.
        assertThat(isolation.prefix("pessoa-service").get(2)).contains("echo $$ > '" + counting.resolve("pessoa-service/cgroup.procs") + "'");
        assertThat(counting.resolve("pessoa-service/cpu.shares")).doesNotExist();
        // cpuacct.usage counts nanoseconds, the processes that exited included.
        Files.writeString(counting.resolve("postgres/cpuacct.usage"), "2500000000\n");
        assertThat(isolation.cpuSeconds("postgres")).hasValue(2.5);
        assertThat(isolation.cpuSeconds("not-a-component")).isEmpty();
        assertThat(isolation.partition().reason()).contains("CPU time from its group's own count");
        // Unreadable is a failure to say, not a zero.
        assertThatThrownBy(() -> isolation.cpuSeconds("wiremock")).isInstanceOf(IllegalStateException.class).hasMessageContaining("wiremock");
    }

    @Test
    void v1WithoutCpuacctCountsNothingAndSaysSo() throws IOException {
        CgroupIsolation isolation = v1(12);

        assertThat(isolation.cpuSeconds("pessoa-service")).isEmpty();
        assertThat(isolation.partition().reason()).contains("CPU time from its processes");
    }

    @Test
    void v2ReadsAGroupsCpuTimeFromItsCpuStat() throws IOException {
        Path v2 = Files.createDirectories(root.resolve("v2"));
        CgroupIsolation isolation = CgroupIsolation.create(new CgroupLayout.V2(v2), SidePlan.split(CpuSet.parse("0-1"), Map.of()), 13);
        Files.writeString(v2.resolve("vthreads-lab-13/gatling/cpu.stat"), "usage_usec 1750000\nuser_usec 1500000\nsystem_usec 250000\n");

        assertThat(isolation.cpuSeconds("gatling")).hasValue(1.75);
    }

    @Test
    void knowsHotSpotsCompilerThreadsByTheirKernelNames() {
        assertThat(CgroupIsolation.compilerThread("C1 CompilerThre")).isTrue();
        assertThat(CgroupIsolation.compilerThread("C2 CompilerThre")).isTrue();
        assertThat(CgroupIsolation.compilerThread("http-nio-8081-e")).isFalse();
        assertThat(CgroupIsolation.compilerThread("ForkJoinPool-1-")).isFalse();
        assertThat(CgroupIsolation.compilerThread("VM Thread")).isFalse();
    }

    @Test
    void v2KeepsAServicesThreadsTogether() throws IOException {
        CgroupIsolation isolation = CgroupIsolation.create(new CgroupLayout.V2(Files.createDirectories(root.resolve("v2"))),
                SidePlan.split(CpuSet.parse("0-1"), Map.of()), 10);

        assertThat(isolation.prefix("pessoa-service").get(2)).contains("vthreads-lab-10/pessoa-service/cgroup.procs");
        assertThat(root.resolve("v2/vthreads-lab-10/pessoa-service/jit")).doesNotExist();
        assertThat(isolation.partition().reason()).contains("share its group");
    }

    @Test
    void v2DelegatesCpuAndCpusetAndWritesWeightsAndMax() throws IOException {
        Path v2 = Files.createDirectories(root.resolve("unified"));
        SidePlan plan = SidePlan.split(CpuSet.parse("0-3"), Map.of("pessoa-service", 1.5));

        CgroupIsolation isolation = CgroupIsolation.create(new CgroupLayout.V2(v2), plan, 9);

        Path group = v2.resolve("vthreads-lab-9");
        assertThat(v2.resolve("cgroup.subtree_control")).hasContent("+cpu +cpuset");
        assertThat(group.resolve("cgroup.subtree_control")).hasContent("+cpu +cpuset");
        // the lab moved into its own leaf first: v2 delegates controllers only from groups without processes
        assertThat(group.resolve("lab/cgroup.procs")).hasContent(Long.toString(ProcessHandle.current().pid()));
        assertThat(group.resolve("pessoa-service/cpuset.cpus")).hasContent("1,2,3");
        assertThat(group.resolve("pessoa-service/cpu.max")).hasContent("150000 100000");
        assertThat(group.resolve("gateway-service/cpu.max")).hasContent("max 100000");
        assertThat(group.resolve("gatling/cpu.weight")).hasContent("100");
        assertThat(isolation.partition().components().get("gatling").weight()).isEqualTo(100);
    }

    @Test
    void findsTheHierarchiesAndTheLabsOwnPlaceInThem() {
        var mountinfo = java.util.List.of(
                "30 25 0:26 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu",
                "31 25 0:27 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset",
                "32 25 0:28 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw");
        var own = java.util.List.of("4:cpuset:/a/b", "1:cpu,cpuacct:/a", "0::/");

        assertThat(CgroupLayout.mountOf(mountinfo, "cgroup", "cpuset")).contains(Path.of("/sys/fs/cgroup/cpuset"));
        assertThat(CgroupLayout.mountOf(mountinfo, "cgroup", "cpu")).contains(Path.of("/sys/fs/cgroup/cpu"));
        assertThat(CgroupLayout.mountOf(mountinfo, "cgroup2", null)).contains(Path.of("/sys/fs/cgroup/unified"));
        assertThat(CgroupLayout.ownPath(own, "cpu")).contains("/a");
        assertThat(CgroupLayout.ownPath(own, "cpuset")).contains("/a/b");
        assertThat(CgroupLayout.ownPath(own, null)).contains("/");
        assertThat(CgroupLayout.under(Path.of("/sys/fs/cgroup/cpuset"), "/a/b")).isEqualTo(Path.of("/sys/fs/cgroup/cpuset/a/b"));
    }
}
