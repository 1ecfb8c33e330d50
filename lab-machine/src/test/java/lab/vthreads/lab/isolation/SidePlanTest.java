package lab.vthreads.lab.isolation;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SidePlanTest {

    @Test
    void onTwoCpusTheLoadSideGetsOneAndTheServicesTheOther() {
        SidePlan plan = SidePlan.split(CpuSet.parse("0-1"), Map.of());

        assertThat(plan.load()).hasToString("0");
        assertThat(plan.system()).hasToString("1");
        assertThat(plan.cpusOf("gatling")).hasToString("0");
        assertThat(plan.cpusOf("wiremock")).hasToString("0");
        assertThat(plan.cpusOf("lab")).hasToString("0");
        assertThat(plan.cpusOf("pessoa-service")).hasToString("1");
        assertThat(plan.cpusOf("gateway-service")).hasToString("1");
        assertThat(plan.cpusOf("postgres")).hasToString("1");
        // The probe that times the services' CPUs runs on them.
        assertThat(plan.cpusOf(lab.vthreads.lab.metrics.SpeedProbe.COMPONENT)).hasToString("1");
    }

    @Test
    void theLoadSideGetsAQuarterOfMoreCpus() {
        assertThat(SidePlan.split(CpuSet.parse("0-3"), Map.of()).system()).hasToString("1,2,3");
        SidePlan eight = SidePlan.split(CpuSet.parse("0-7"), Map.of());
        assertThat(eight.load()).hasToString("0,1");
        assertThat(eight.system()).hasToString("2,3,4,5,6,7");
    }

    @Test
    void usesTheCpusThisProcessMayUseNotTheirNumbers() {
        SidePlan plan = SidePlan.split(CpuSet.parse("2,5"), Map.of());

        assertThat(plan.load()).hasToString("2");
        assertThat(plan.system()).hasToString("5");
    }

    @Test
    void oneCpuCannotBePartitioned() {
        assertThatIllegalArgumentException().isThrownBy(() -> SidePlan.split(CpuSet.parse("0"), Map.of())).withMessageContaining("one CPU");
    }

    @Test
    void recordsEachComponentsPlaceAndQuota() {
        Partition partition = SidePlan.split(CpuSet.parse("0-1"), Map.of("wiremock", 0.5)).partition(Partition.Mode.CGROUP, "test", 1024);

        assertThat(partition.components().get("wiremock")).isEqualTo(new Partition.Placement("0", 0.5, 1024));
        assertThat(partition.components().get("pessoa-service")).isEqualTo(new Partition.Placement("1", null, 1024));
        assertThat(partition.systemCpuCount()).isEqualTo(1);
        assertThat(partition.loadCpuCount()).isEqualTo(1);
    }

    @Test
    void readsTheKernelsCpuLists() {
        assertThat(CpuSet.parse("0-2,5").cpus()).containsExactly(0, 1, 2, 5);
        assertThat(CpuSet.parse(" 3 ").cpus()).containsExactly(3);
    }
}
