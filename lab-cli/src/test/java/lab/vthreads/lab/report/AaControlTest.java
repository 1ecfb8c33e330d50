package lab.vthreads.lab.report;

import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static lab.vthreads.lab.report.FairnessFixtures.ISOLATED;
import static lab.vthreads.lab.report.FairnessFixtures.cell;
import static lab.vthreads.lab.report.FairnessFixtures.experiment;
import static lab.vthreads.lab.report.FairnessFixtures.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The A/A spread and what it makes of a virtual ÷ platform ratio, worked by hand. */
class AaControlTest {

    @Test
    void theSpreadIsTheWidestGapBetweenTheCopyAndTheOriginalOverTheRepeats() {
        // platform 200 and 190 req/s, its copy 210 and 180: |210/200 − 1| = 5%, |180/190 − 1| = 5.26%
        var results = experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 200, 100, Map.of(), 0.4, 0.9), repeat(2, 190, 110, Map.of(), 0.4, 0.9)),
                cell(ThreadMode.PLATFORM, true, repeat(1, 210, 104, Map.of(), 0.4, 0.9), repeat(2, 180, 110, Map.of(), 0.4, 0.9)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 205, 100, Map.of(), 0.4, 0.9), repeat(2, 200, 100, Map.of(), 0.4, 0.9)));

        AaControl.Spread spread = AaControl.of(results).getFirst();

        assertThat(spread.mode()).isEqualTo(ThreadMode.PLATFORM);
        assertThat(spread.throughput()).isCloseTo(10.0 / 190, within(1e-9));
        assertThat(spread.p95()).isCloseTo(0.04, within(1e-9));
        assertThat(spread.pairs()).isEqualTo(2);
    }

    @Test
    void aRatioInsideTheSpreadIsNotAFindingAndOneOutsideItIs() {
        var noisy = experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 200, 100, Map.of(), 0.4, 0.9)),
                cell(ThreadMode.PLATFORM, true, repeat(1, 220, 100, Map.of(), 0.4, 0.9)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 190, 100, Map.of(), 0.4, 0.9)));
        var clear = experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 200, 100, Map.of(), 0.4, 0.9)),
                cell(ThreadMode.PLATFORM, true, repeat(1, 204, 100, Map.of(), 0.4, 0.9)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 300, 100, Map.of(), 0.4, 0.9)));

        // 190 ÷ 200 = 0.95 inside ±10%; 300 ÷ 200 = 1.5 outside ±2%
        assertThat(Summary.of(noisy).verdict().levels().getFirst().beyondNoise()).isFalse();
        assertThat(Summary.of(clear).verdict().levels().getFirst().beyondNoise()).isTrue();
        // the copy is no platform cell of its own in the ratios
        assertThat(Summary.of(clear).ratios()).singleElement().satisfies(r -> assertThat(r.throughput()).isCloseTo(1.5, within(1e-9)));
    }

    @Test
    void withoutACopyThereIsNoVerdict() {
        var results = experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 200, 100, Map.of(), 0.4, 0.9)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 300, 100, Map.of(), 0.4, 0.9)));

        assertThat(AaControl.of(results)).isEmpty();
        assertThat(Summary.of(results).verdict().levels().getFirst().beyondNoise()).isNull();
    }
}
