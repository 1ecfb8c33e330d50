package lab.vthreads.lab.report;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static lab.vthreads.lab.report.FairnessFixtures.cell;
import static lab.vthreads.lab.report.FairnessFixtures.experiment;
import static lab.vthreads.lab.report.FairnessFixtures.repeat;
import static org.assertj.core.api.Assertions.assertThat;

/** A user's application stands alone where the lab's two services stand: its tables name it, and no gateway. */
class ApplicationTablesTest {

    private static final Partition PARTITION = new Partition(Partition.Mode.CGROUP, "test", "0", "1", Map.of(
            "postgres", new Partition.Placement("1", null, 1024), "pessoa-service", new Partition.Placement("1", null, 1024),
            "gateway-service", new Partition.Placement("1", null, 1024), "app", new Partition.Placement("1", null, 1024),
            "gatling", new Partition.Placement("0", null, 1024)));

    private static ExperimentResults run(String service) {
        Map<String, Double> cores = Map.of("gatling", 0.2, "lab", 0.02, service, 0.8);
        SampleNames names = service.equals("app") ? SampleNames.APPLICATION : SampleNames.LABS_OWN;
        return experiment(PARTITION, cell(names, ThreadMode.PLATFORM, false, repeat(1, 100, 50, cores, 0.5, 0.9)),
                cell(names, ThreadMode.VIRTUAL, false, repeat(1, 100, 50, cores, 0.5, 0.9)));
    }

    @Test
    void theApplicationsRunNamesItAndNoGateway() {
        ExperimentResults app = run("app");

        assertThat(TestedSystem.of(app)).isInstanceOf(TestedSystem.Application.class);
        assertThat(FairnessTables.partition(app.partition(), TestedSystem.of(app)).rows()).extracting(List::getFirst).containsExactlyInAnyOrder("postgres", "app", "gatling");
        assertThat(FairnessTables.partition(app.partition(), TestedSystem.of(app)).note()).contains("system under test (the application, PostgreSQL)");
        assertThat(FairnessTables.observer(app).header()).contains("app JIT").doesNotContain("pessoa-service JIT", "gateway-service JIT");
        assertThat(FairnessTables.observer(app).rows()).allSatisfy(row -> assertThat(row).hasSameSizeAs(FairnessTables.observer(app).header()));
    }

    @Test
    void theLabsOwnRunNamesBothServices() {
        ExperimentResults lab = run("pessoa-service");

        assertThat(TestedSystem.of(lab)).isInstanceOf(TestedSystem.LabsOwn.class);
        assertThat(FairnessTables.partition(lab.partition(), TestedSystem.of(lab)).rows()).extracting(List::getFirst)
                .containsExactlyInAnyOrder("postgres", "pessoa-service", "gateway-service", "gatling");
        assertThat(FairnessTables.observer(lab).header()).contains("pessoa-service JIT", "gateway-service JIT");
    }

    @Test
    void theSpeedProbeIsNamedOnTheSystemsSideWhereTheRunHadOne() {
        Map<String, Partition.Placement> withProbe = new java.util.LinkedHashMap<>(PARTITION.components());
        withProbe.put(lab.vthreads.lab.metrics.SpeedProbe.COMPONENT, new Partition.Placement("1", null, 1024));
        ExperimentResults app = run("app");
        Partition probed = new Partition(Partition.Mode.CGROUP, "test", "0", "1", withProbe);

        assertThat(FairnessTables.partition(probed, TestedSystem.of(app)).note()).contains("system under test (the application, PostgreSQL, the lab's speed probe)");
        assertThat(FairnessTables.partition(probed, TestedSystem.of(app)).rows()).extracting(List::getFirst).contains("speed-probe");
        assertThat(FairnessTables.partition(app.partition(), TestedSystem.of(app)).note()).doesNotContain("speed probe");
    }
}
