package lab.vthreads.lab.isolation;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** What the lab falls back to where the machine does not allow what was asked, and that it says so. */
class IsolationsTest {

    final List<String> notes = new ArrayList<>();

    @Test
    void withoutCgroupsAutoFallsBackToAffinityAndSaysWhy() {
        Isolation isolation = Isolations.create(Isolation.Request.AUTO, CpuSet.parse("0-1"), Optional::empty, true, Map.of(), notes::add);

        assertThat(isolation.partition().mode()).isEqualTo(Partition.Mode.AFFINITY);
        assertThat(isolation.prefix("gatling")).containsExactly("/usr/bin/taskset", "-c", "0");
        assertThat(isolation.prefix("pessoa-service")).containsExactly("/usr/bin/taskset", "-c", "1");
        assertThat(isolation.partition().reason()).contains("no cgroups");
        assertThat(notes).singleElement().asString().contains("affinity only");
    }

    @Test
    void withNeitherCgroupsNorTasksetTheRunStillWorksAndThePartitionSaysItWasNotIsolated() {
        Isolation isolation = Isolations.create(Isolation.Request.AUTO, CpuSet.parse("0-1"), Optional::empty, false, Map.of(), notes::add);

        assertThat(isolation.partition().mode()).isEqualTo(Partition.Mode.NONE);
        assertThat(isolation.partition().isolated()).isFalse();
        assertThat(isolation.partition().reason()).startsWith("not isolated");
        assertThat(isolation.prefix("gatling")).isEmpty();
        assertThat(isolation.cpuCount("pessoa-service")).isNull();
        assertThat(notes).singleElement().asString().contains("NONE");
    }

    @Test
    void oneCpuIsNotIsolated() {
        Isolation isolation = Isolations.create(Isolation.Request.AUTO, CpuSet.parse("0"), Optional::empty, true, Map.of(), notes::add);

        assertThat(isolation.partition().mode()).isEqualTo(Partition.Mode.NONE);
        assertThat(isolation.partition().reason()).contains("one CPU");
    }

    @Test
    void offMeansOffAndAnExplicitRequestTheMachineRefusesIsAnError() {
        assertThat(Isolations.create(Isolation.Request.OFF, CpuSet.parse("0-1"), Optional::empty, true, Map.of(), notes::add).partition().mode())
                .isEqualTo(Partition.Mode.NONE);
        assertThatIllegalStateException()
                .isThrownBy(() -> Isolations.create(Isolation.Request.CGROUP, CpuSet.parse("0-1"), Optional::empty, true, Map.of(), notes::add))
                .withMessageContaining("--isolation cgroup");
        assertThatIllegalStateException()
                .isThrownBy(() -> Isolations.create(Isolation.Request.AFFINITY, CpuSet.parse("0-1"), Optional::empty, false, Map.of(), notes::add))
                .withMessageContaining("taskset");
    }
}
