package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.CodeSize;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.model.Bottleneck;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The reactive cells against both thread modes: ratios of throughput, latency and pessoa-service's CPU per request. */
class ReactiveContenderTest {

    @Test
    void comparesTheReactiveCellWithBothThreadModesAtItsLevelAndPredictsNothingForItWithoutItsOwnCalibration() {
        ExperimentResults results = RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.PLATFORM, 400, false, RunFixtures.run(1, 60, 0.0, true, 0.2, Map.of("pessoa-service", 0.06))),
                RunFixtures.cell(ThreadMode.VIRTUAL, 400, false, RunFixtures.run(1, 650, 0.0, false, 0.95, Map.of("pessoa-service", 0.52))),
                RunFixtures.cell(ThreadMode.REACTIVE, 400, false, RunFixtures.run(1, 520, 0.0, false, 0.95, Map.of("pessoa-service", 0.52)))), true);

        Summary summary = Summary.of(results);

        assertThat(summary.contenders()).extracting(Contenders.Contender::against).containsExactly(ThreadMode.PLATFORM, ThreadMode.VIRTUAL);
        Contenders.Contender virtual = summary.contenders().get(1);
        assertThat(virtual.throughput()).isCloseTo(520.0 / 650, within(1e-9));
        // The same cores over fewer requests: 0.52/520 against 0.52/650 ms of CPU per request, 1.25×.
        assertThat(virtual.cpuPerRequest()).isCloseTo(650.0 / 520, within(1e-9));
        assertThat(summary.model()).extracting(Summary.ModelRow::cell).doesNotContain("reactive-400u").contains("virtual-400u");
        assertThat(ReportTables.contenders(summary, ThreadMode.REACTIVE).rows()).hasSize(2).allSatisfy(row -> assertThat(row).hasSize(7));
        assertThat(ReportTables.contenders(summary, ThreadMode.REACTIVE).rows().get(1)).contains("reactive ÷ virtual", "1.25×");
    }

    @Test
    void theReactiveCellsArePredictedFromTheReactiveServicesOwnCalibration() {
        ExperimentResults run = RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.VIRTUAL, 400, false, RunFixtures.run(1, 390, 0.0, false, 0.95, Map.of("pessoa-service", 0.52))),
                RunFixtures.cell(ThreadMode.REACTIVE, 400, false, RunFixtures.run(1, 310, 0.0, false, 0.95, Map.of("pessoa-service", 0.52)))), true);
        Calibration blocking = run.calibration();
        // The same figures, saturated at 256 req/s instead of 320: 6.25 ms of CPU per request on 2 cores, a CPU bound of 320 req/s.
        Calibration reactive = new Calibration(blocking.cores(), blocking.rate(), blocking.windowSeconds(), blocking.throughput(), blocking.cpuMsPerRequest(),
                blocking.responseMs(), blocking.cepLookupsPerRequest(), blocking.connectionsPerRequest(), blocking.connectionHoldMs(), blocking.machineBusy(),
                blocking.backgroundCores(), 256, blocking.saturatedBusy(), blocking.saturatedCpuMsPerRequest(), blocking.saturationCepMeanMs(),
                blocking.saturationUsers(), null);

        Summary summary = Summary.of(RunFixtures.withReactiveCalibration(run, reactive));

        assertThat(cpuBound(summary, "virtual-400u")).isCloseTo(400, within(1e-6));
        assertThat(cpuBound(summary, "reactive-400u")).isCloseTo(320, within(1e-6));
        assertThat(summary.model()).filteredOn(m -> m.cell().equals("reactive-400u")).singleElement()
                .satisfies(m -> assertThat(m.evidence()).contains("event loops", "R2DBC pending"));
        assertThat(ReportTables.all(RunFixtures.withReactiveCalibration(run, reactive), summary)).extracting(ReportTables.Table::title)
                .contains("Calibration of pessoa-service-reactive: CPU per request at saturation", "Calibration: CPU per request at saturation");
    }

    private static double cpuBound(Summary summary, String cell) {
        return summary.model().stream().filter(m -> m.cell().equals(cell)).findFirst().orElseThrow().prediction().bounds().stream()
                .filter(b -> b.resource() == Bottleneck.CPU).findFirst().orElseThrow().throughput();
    }

    @Test
    void setsWhatEachImplementationCostsToReadBesideTheComparison() {
        ExperimentResults run = RunFixtures.withCodeSizes(RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.VIRTUAL, 400, false, RunFixtures.run(1, 390, 0.0, false, 0.95)),
                RunFixtures.cell(ThreadMode.REACTIVE, 400, false, RunFixtures.run(1, 310, 0.0, false, 0.95))), false), List.of(
                new CodeSize("pessoa-service", 900, 1500, 120, List.of("lab/vthreads/pessoa/primes")),
                new CodeSize("pessoa-service-reactive", 500, 300, 0, List.of())));

        ReportTables.Table cost = ReportTables.all(run, Summary.of(run)).stream()
                .filter(t -> t.title().startsWith("The cost of writing it")).findFirst().orElseThrow();

        assertThat(cost.rows()).containsExactly(
                List.of("pessoa-service", "900", "120 (lab/vthreads/pessoa/primes)", "780", "1500"),
                List.of("pessoa-service-reactive", "500", "–", "500", "300"));
    }

    @Test
    void aRunWithoutTheReactiveModeHasNoSuchTable() {
        ExperimentResults results = RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.PLATFORM, 400, false, RunFixtures.run(1, 60, 0.0, true, 0.2)),
                RunFixtures.cell(ThreadMode.VIRTUAL, 400, false, RunFixtures.run(1, 650, 0.0, false, 0.95))), true);

        assertThat(Summary.of(results).contenders()).isEmpty();
    }
}
