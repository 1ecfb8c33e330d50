package lab.vthreads.lab.report;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.model.Bottleneck;
import lab.vthreads.lab.model.Bound;
import lab.vthreads.lab.pinning.ServicePinning;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The model and the report for a virtual cell whose CEP lookups run inside synchronized, on {@link Fixtures}'s
 * calibration (1 lookup per request, 500 ms of CEP latency): 2 carriers ÷ 0.5 s held pinned = 4 req/s.
 */
class PinnedCellsTest {

    @Test
    void onJdk21TheCarriersBindAndThePinnedTimeSaysSo() {
        Summary.ModelRow row = Summary.of(RunFixtures.experiment(List.of(cell(run("21.0.8", 2, 1.9))), true)).model().getFirst();

        assertThat(row.prediction().bottleneck()).isEqualTo(Bottleneck.PINNED);
        assertThat(row.prediction().throughput()).isCloseTo(4, within(1e-9));
        assertThat(row.observed()).isEqualTo(Bottleneck.PINNED);
        assertThat(row.evidence()).contains("1.90 of 2 carriers pinned");
    }

    @Test
    void theCarriersFactorIsTheBoundsCarriers() {
        CellResult cell = cell(Factors.builder().cepLock("synchronized").carriers(4).build(), run("21.0.8", 2, 3.8));

        Summary.ModelRow row = Summary.of(RunFixtures.experiment(List.of(cell), true)).model().getFirst();

        assertThat(row.prediction().throughput()).isCloseTo(8, within(1e-9));
        assertThat(row.evidence()).contains("3.80 of 4 carriers pinned");
    }

    @Test
    void onJdk25SynchronizedDoesNotPinSoThereIsNoPinnedBound() {
        Summary.ModelRow row = Summary.of(RunFixtures.experiment(List.of(cell(run("25.0.3", 2, 0))), true)).model().getFirst();

        assertThat(row.prediction().bounds()).extracting(Bound::resource).doesNotContain(Bottleneck.PINNED);
        assertThat(row.observed()).isNotEqualTo(Bottleneck.PINNED);
        assertThat(PinningTables.all(RunFixtures.experiment(List.of(cell(run("25.0.3", 2, 0))), true)).getFirst().rows())
                .as("a row of zeros for each service").hasSize(1).first().satisfies(r -> assertThat(r.subList(3, 7)).containsExactly("0", "0", "0.00", "0"));
    }

    private static CellResult cell(RepeatResult run) {
        return cell(Factors.builder().cepLock("synchronized").build(), run);
    }

    private static CellResult cell(Factors more, RepeatResult run) {
        Cell cell = new Cell(null, ThreadMode.VIRTUAL, 200, Fixtures.experiment().settings().factors().overriddenBy(more), false);
        return new CellResult(cell.id(), null, ThreadMode.VIRTUAL, Fixtures.implementation(ThreadMode.VIRTUAL), 200, cell, List.of(run), List.of());
    }

    /** A 4-second window (1..5 s) on a JVM that saw {@code processors} CPUs, pessoa-service pinned {@code pinnedCarriers} on average. */
    private static RepeatResult run(String jdk, int processors, double pinnedCarriers) {
        RepeatResult base = RunFixtures.run(1, 3.9, 0, false, 0.1);
        List<Map<String, Double>> samples = new ArrayList<>();
        for (Map<String, Double> s : base.samples()) {
            Map<String, Double> with = new java.util.HashMap<>(s);
            with.put(SampleKeys.ServiceValue.PROCESSORS.of(SampleNames.LABS_OWN.server()), (double) processors);
            samples.add(with);
        }
        ServicePinning pessoa = new ServicePinning((int) Math.round(pinnedCarriers * 40), pinnedCarriers * 4 * 1000, 0, List.of(), null);
        return new RepeatResult(base.repeat(), base.startedAt(), base.client(), base.server(), base.processes(), base.machine(), samples,
                base.gatlingReport(), false, base.attempt(), base.window(), null, ExperimentResults.RunContext.services(jdk, Map.of("pessoa-service", pessoa)));
    }
}
