package lab.vthreads.lab.report;

import org.junit.jupiter.api.Test;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.model.Bottleneck;
import lab.vthreads.lab.stack.ThreadMode;

import java.nio.file.Path;
import java.util.Map;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SummaryTest {

    final Summary summary = Summary.of(Fixtures.experiment());

    @Test
    void takesTheMedianAndRangeOverRepeats() {
        Summary.Row platform = summary.rows().getFirst();

        // throughputs 100, 120, 110 → median 110, range 100–120; p95 900, 700, 800 → 800; errors 0, 2, 1 → 1
        assertThat(platform.mode()).isEqualTo(ThreadMode.PLATFORM);
        assertThat(platform.throughput()).isEqualTo(new Summary.Stat(110, 100, 120));
        assertThat(platform.p95()).isEqualTo(new Summary.Stat(800, 700, 900));
        assertThat(platform.errors()).isEqualTo(new Summary.Stat(1, 0, 2));
        // requests = round(throughput × 25) + ko: 2500, 3002, 2751 → 2751
        assertThat(platform.requests().median()).isEqualTo(2751);
    }

    @Test
    void comparesTheModesAsRatiosOfMedians() {
        Summary.Ratio ratio = summary.ratios().getFirst();

        // virtual medians: throughput 250, p95 450; platform: 110, 800
        assertThat(ratio.users()).isEqualTo(200);
        assertThat(ratio.throughput()).isCloseTo(250.0 / 110, within(1e-9));
        assertThat(ratio.p95()).isCloseTo(450.0 / 800, within(1e-9));
    }

    @Test
    void givesNoRatioForAPresetWithFaults() {
        ExperimentResults e = Fixtures.experiment();
        Preset withFaults = Preset.resolve(Path.of("..").toAbsolutePath().normalize(), "faults");
        ExperimentResults faults = new ExperimentResults(e.schemaVersion(), e.preset(), e.description(), e.why(), e.shortVariant(), e.startedAt(),
                e.finishedAt(), e.environment(), withFaults, e.calibrations(), e.scaled(), e.partition(), e.cells(), e.units(), e.target(), e.identity());

        assertThat(Summary.of(faults).ratios()).isEmpty();
        assertThat(summary.ratios()).isNotEmpty();
    }

    @Test
    void placesThePublishedRatiosNextToTheMeasuredOnes() {
        Summary.Ratio ratio = summary.ratios().getFirst();

        // published: 300 ÷ 100 req/s and 400 ÷ 800 ms
        assertThat(ratio.publishedThroughput()).isCloseTo(3.0, within(1e-9));
        assertThat(ratio.publishedP95()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void predictsEachCellFromTheCalibrationAndFlagsTheOnesFarFromIt() {
        Summary.ModelRow platform = summary.model().get(0);
        Summary.ModelRow virtual = summary.model().get(1);

        assertThat(platform.prediction().bottleneck()).isEqualTo(Bottleneck.THREADS);
        assertThat(platform.prediction().throughput()).isCloseTo(25 / 0.51, within(1e-9));
        assertThat(virtual.prediction().bottleneck()).isEqualTo(Bottleneck.CLIENT);
        assertThat(virtual.prediction().throughput()).isCloseTo(200 / 0.51, within(1e-9));
        // the queueing solution sits at or below each bound: the threads' 49 req/s by a request's CPU queueing
        assertThat(platform.predicted()).isLessThanOrEqualTo(25 / 0.51).isGreaterThan(25 / 0.51 * 0.97);
        assertThat(virtual.predicted()).isLessThanOrEqualTo(200 / 0.51);
        assertThat(platform.queueing().responseSeconds()).as("Little's law for 200 closed users").isCloseTo(200 / platform.predicted(), within(1e-9));
        // measured medians 110 and 250 req/s: about +124% and −36% of the prediction, both beyond 15%
        assertThat(platform.deviation()).isCloseTo(110 / platform.predicted() - 1, within(1e-9));
        assertThat(platform.surprising()).isTrue();
        assertThat(virtual.surprising()).isTrue();
        // the fixture's machine was 95% busy
        assertThat(platform.observed()).isEqualTo(Bottleneck.CPU);
    }

    @Test
    void anApplicationServedByAnotherServerThanTomcatHasNoThreadBound() {
        ExperimentResults e = Fixtures.experiment();
        ExperimentResults.Environment tomcat = e.environment();
        ExperimentResults.Environment armeria = new ExperimentResults.Environment(tomcat.jdk(), tomcat.jvm(), "3.5.12", "not in the jar", "not in the jar",
                tomcat.gatling(), tomcat.cores(), tomcat.memoryMb(), tomcat.os(), tomcat.components(), null, "Armeria");
        ExperimentResults onArmeria = new ExperimentResults(e.schemaVersion(), e.preset(), e.description(), e.why(), e.shortVariant(), e.startedAt(),
                e.finishedAt(), armeria, e.settings(), e.calibrations(), e.scaled(), e.partition(), e.cells(), e.units(), e.target(), e.identity());

        Summary.ModelRow platform = Summary.of(onArmeria).model().get(0);

        // The fixture's 25 Tomcat threads are not what serves it: its 200 users bind it, as they do virtual threads.
        assertThat(platform.prediction().bottleneck()).isEqualTo(Bottleneck.CLIENT);
        assertThat(platform.prediction().throughput()).isCloseTo(200 / 0.51, within(1e-9));
        assertThat(platform.evidence()).contains("served by Armeria");
        // Tomcat, named or (files before schema 15) not, keeps the bound.
        assertThat(summary.model().get(0).prediction().bottleneck()).isEqualTo(Bottleneck.THREADS);
    }

    @Test
    void anApplicationAtItsCpuQuotaIsCpuBoundThoughItsCpusLookIdle() {
        // The application held to a quarter of CPU 1 and using 0.245 of it: CPU 1 is 30% busy, the quota 98% used.
        lab.vthreads.lab.isolation.Partition quarter = new lab.vthreads.lab.isolation.Partition(lab.vthreads.lab.isolation.Partition.Mode.CGROUP, "test",
                "0", "1", Map.of("app", new lab.vthreads.lab.isolation.Partition.Placement("1", 0.25, 1024)));
        var cells = new ExperimentResults.CellResult[]{
                FairnessFixtures.cell(ThreadMode.PLATFORM, false, FairnessFixtures.repeat(1, 2500, 10, Map.of("app", 0.245), 0.5, 0.3)),
                FairnessFixtures.cell(ThreadMode.VIRTUAL, false, FairnessFixtures.repeat(1, 3000, 10, Map.of("app", 0.245), 0.5, 0.3))};

        Summary.ModelRow held = Summary.of(FairnessFixtures.experiment(quarter, cells)).model().getFirst();
        Summary.ModelRow free = Summary.of(FairnessFixtures.experiment(FairnessFixtures.ISOLATED, cells)).model().getFirst();

        assertThat(held.observed()).isEqualTo(Bottleneck.CPU);
        assertThat(held.evidence()).startsWith("app at 98% of its 0.25-CPU quota; services' CPUs 30% busy");
        // Without the quota the same 30% leaves the CPU free.
        assertThat(free.observed()).isNotEqualTo(Bottleneck.CPU);
        assertThat(free.evidence()).doesNotContain("quota");
    }

    @Test
    void reportsPeakThreadsPeakHeapAndMeanCpuPerMode() {
        Summary.ModeFootprint platform = summary.footprints().get(0);
        Summary.ModeFootprint virtual = summary.footprints().get(1);

        assertThat(platform.peakPlatformThreads()).isEqualTo(412);
        assertThat(platform.peakHeapMb()).isEqualTo(350);
        // pessoa 1.10, 1.00, 0.90 plus gateway 0.5 each → mean 1.5
        assertThat(platform.meanCpuCoresServices()).isCloseTo(1.5, within(1e-9));
        assertThat(virtual.peakPlatformThreads()).isEqualTo(41);
        assertThat(virtual.meanCpuCoresServices()).isCloseTo(2.1, within(1e-9));
        // each service's resident set and heap, and the virtual threads, beside them
        assertThat(platform.peakRssMb()).isEqualTo(400);
        assertThat(platform.peakRssMbGateway()).isEqualTo(300);
        assertThat(platform.peakHeapMbGateway()).isEqualTo(120);
        assertThat(virtual.peakVirtualThreads()).isEqualTo(0);
        // the fixture records no partition: no CPUs to take a share of
        assertThat(platform.servicesCpuShare()).isNaN();
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(Summary.Stat.of(new double[] {4, 1, 3, 2})).isEqualTo(new Summary.Stat(2.5, 1, 4));
    }

    @Test
    void aRatioIsSteadyOnlyWhenBothCellsWereSteadyInEveryRepeat() {
        Summary.Row steady = row(List.of(0.02, -0.04)), rising = row(List.of(0.01, 0.18)), unknown = row(List.of());

        assertThat(steady.steady()).isTrue();
        assertThat(rising.steady()).isFalse();
        assertThat(unknown.steady()).isNull();
        // A 7% change is within the rule when chance alone explains it (noise 4%: 2 × 4% = 8%), not when the noise is 2%.
        assertThat(row(List.of(-0.07), java.util.Arrays.asList(0.04)).steady()).isTrue();
        assertThat(row(List.of(-0.07), java.util.Arrays.asList(0.02)).steady()).isFalse();
        assertThat(row(List.of(-0.07), java.util.Arrays.asList((Double) null)).steady()).isFalse();
        // files without trends get no steadiness table and no column
        assertThat(Summary.of(Fixtures.experiment()).ratios()).allMatch(r -> r.steady() == null);
    }

    private static Summary.Row row(List<Double> trends) {
        return row(trends, List.of());
    }

    private static Summary.Row row(List<Double> trends, List<Double> noises) {
        Summary.Stat one = Summary.Stat.of(new double[]{1});
        return new Summary.Row("c", null, 20, lab.vthreads.lab.stack.ThreadMode.PLATFORM, false, 2, one, one, one, one, one, one, true, false, trends,
                noises);
    }
}
