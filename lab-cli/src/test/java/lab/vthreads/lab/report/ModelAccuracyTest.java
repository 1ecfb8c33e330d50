package lab.vthreads.lab.report;

import lab.vthreads.lab.model.Bottleneck;
import lab.vthreads.lab.model.Bound;
import lab.vthreads.lab.model.Prediction;
import lab.vthreads.lab.model.QueueingModel;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static lab.vthreads.lab.report.FairnessFixtures.ISOLATED;
import static lab.vthreads.lab.report.FairnessFixtures.cell;
import static lab.vthreads.lab.report.FairnessFixtures.experiment;
import static lab.vthreads.lab.report.FairnessFixtures.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The run's tally of the model, counted at the edges of its bands, and the floor an A/A pair sets, worked by hand. */
class ModelAccuracyTest {

    @Test
    void countsTheCellsInsideEachBandTheirEdgesIncluded() {
        // deviations −5% and +5% (the edges), −9%, +15% (the edge), −20%; latency +14%, −14.9%, +16%, and two not measured
        Summary summary = summary(List.of(row(-0.05, 0.14), row(0.05, -0.149), row(-0.09, 0.16), row(0.15, Double.NaN), row(-0.20, Double.NaN)),
                List.of());

        ModelAccuracy accuracy = ModelAccuracy.of(summary);

        assertThat(accuracy.cells()).isEqualTo(5);
        assertThat(accuracy.within5()).isEqualTo(2);
        assertThat(accuracy.within15()).isEqualTo(4);
        assertThat(accuracy.latencyCells()).isEqualTo(3);
        assertThat(accuracy.latencyWithin15()).isEqualTo(2);
        assertThat(accuracy.sentence()).startsWith("The model over this run's 5 cells: 2 within 5% of the queueing prediction, 4 within 15%; "
                + "the mean response within 15% in 2 of 3.").contains("No A/A copy");
    }

    @Test
    void anAaPairSetsTheLeastAnyPredictionCanMissOneOfItsCopiesBy() {
        // the original 500 req/s, its copy 450: 10% apart; the prediction closest to both is 475, each 25 ÷ 475 = 5.26% from it
        var rows = Summary.of(experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 100, 100, Map.of(), 0.4, 0.9)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 500, 100, Map.of(), 0.4, 0.9)),
                cell(ThreadMode.VIRTUAL, true, repeat(1, 450, 100, Map.of(), 0.4, 0.9)))).rows();

        ModelAccuracy accuracy = ModelAccuracy.of(summary(List.of(row(0, 0)), rows));

        assertThat(accuracy.floors()).singleElement().satisfies(f -> {
            assertThat(f.users()).isEqualTo(100);
            assertThat(f.apart()).isCloseTo(0.10, within(1e-9));
            assertThat(f.closest()).isCloseTo(50.0 / 950, within(1e-9));
            assertThat(Math.abs(500.0 / 475 - 1)).isCloseTo(f.closest(), within(1e-9));
        });
        assertThat(accuracy.sentence()).endsWith("The A/A copies, and the least by which any one prediction misses one of them: at 100 users 10.0% apart, 5.3%.");
    }

    @Test
    void saysHowManyOfTheCellsOutsideFivePercentTheHypervisorStoleFrom() {
        // three cells: "cell" −20% with steal flagged, "calm" −20% without, "close" −1% with steal flagged (inside 5%: not counted)
        List<Summary.ModelRow> model = List.of(row("cell", -0.20), row("calm", -0.20), row("close", -0.01));
        List<Summary.Row> rows = List.of(stealRow("cell", true), stealRow("calm", false), stealRow("close", true));

        ModelAccuracy accuracy = ModelAccuracy.of(summary(model, rows));

        assertThat(accuracy.stolenOutside5()).isEqualTo(1);
        assertThat(accuracy.sentence()).contains("Of the 2 outside 5%, 1 ran while the hypervisor stole CPU from the machine (steal flagged).");
        assertThat(ModelAccuracy.of(summary(model, List.of())).sentence()).doesNotContain("hypervisor");
    }

    private static Summary.Row stealRow(String cell, boolean stolen) {
        Summary.Stat one = Summary.Stat.of(new double[]{100});
        return new Summary.Row(cell, null, 100, ThreadMode.VIRTUAL, false, 1, one, one, one, one, one, Summary.Stat.of(new double[]{0}), true, stolen,
                List.of(), List.of());
    }

    private static Summary.ModelRow row(String cell, double deviation) {
        Summary.ModelRow r = row(deviation, 0);
        return new Summary.ModelRow(cell, r.prediction(), r.queueing(), r.measured(), r.predictedMeanMs(), r.measuredMeanMs(), r.observed(), r.evidence(),
                r.deviation(), r.surprising(), r.miss(), r.latencyNote());
    }

    @Test
    void aRunWithoutPredictionsSaysNothing() {
        assertThat(ModelAccuracy.of(summary(List.of(), List.of())).sentence()).isEmpty();
    }

    private static Summary summary(List<Summary.ModelRow> model, List<Summary.Row> rows) {
        return new Summary(rows, List.of(), List.of(), List.of(), model, List.of(), null, null);
    }

    /** A cell measured {@code deviation} from a 100 req/s prediction, its mean response {@code latency} from a 200 ms one. */
    private static Summary.ModelRow row(double deviation, double latency) {
        Bound bound = new Bound(Bottleneck.CPU, 100, "test");
        return new Summary.ModelRow("cell", new Prediction(List.of(bound), bound), new QueueingModel.Prediction(100, 0.2, 50, List.of()),
                100 * (1 + deviation), 200, 200 * (1 + latency), Bottleneck.CPU, "", deviation, Math.abs(deviation) > 0.15, null, null);
    }
}
