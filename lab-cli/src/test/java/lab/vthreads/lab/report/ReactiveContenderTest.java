package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The reactive cells against both thread modes: ratios of throughput, latency and pessoa-service's CPU per request. */
class ReactiveContenderTest {

    @Test
    void comparesTheReactiveCellWithBothThreadModesAtItsLevelAndPredictsNothingForIt() {
        ExperimentResults results = RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.PLATFORM, 400, false, RunFixtures.run(1, 60, 0.0, true, 0.2, Map.of("pessoa-service", 0.06))),
                RunFixtures.cell(ThreadMode.VIRTUAL, 400, false, RunFixtures.run(1, 650, 0.0, false, 0.95, Map.of("pessoa-service", 0.52))),
                RunFixtures.cell(ThreadMode.REACTIVE, 400, false, RunFixtures.run(1, 520, 0.0, false, 0.95, Map.of("pessoa-service", 0.52)))), true);

        Summary summary = Summary.of(results);

        assertThat(summary.reactive()).extracting(ReactiveContenders.Contender::against).containsExactly(ThreadMode.PLATFORM, ThreadMode.VIRTUAL);
        ReactiveContenders.Contender virtual = summary.reactive().get(1);
        assertThat(virtual.throughput()).isCloseTo(520.0 / 650, within(1e-9));
        // The same cores over fewer requests: 0.52/520 against 0.52/650 ms of CPU per request, 1.25×.
        assertThat(virtual.cpuPerRequest()).isCloseTo(650.0 / 520, within(1e-9));
        assertThat(summary.model()).extracting(Summary.ModelRow::cell).doesNotContain("reactive-400u").contains("virtual-400u");
        assertThat(ReportTables.reactive(summary).rows()).hasSize(2).allSatisfy(row -> assertThat(row).hasSize(7));
        assertThat(ReportTables.reactive(summary).rows().get(1)).contains("reactive ÷ virtual", "1.25×");
    }

    @Test
    void aRunWithoutTheReactiveModeHasNoSuchTable() {
        ExperimentResults results = RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.PLATFORM, 400, false, RunFixtures.run(1, 60, 0.0, true, 0.2)),
                RunFixtures.cell(ThreadMode.VIRTUAL, 400, false, RunFixtures.run(1, 650, 0.0, false, 0.95))), true);

        assertThat(Summary.of(results).reactive()).isEmpty();
    }
}
