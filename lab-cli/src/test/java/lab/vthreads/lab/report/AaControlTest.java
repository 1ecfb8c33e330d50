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
    void saysWhatTheLabSawDifferBetweenTheCopies() {
        // The original: 300 req/s on 0.9 of the services' CPU (3.0 ms a request), the load side 40% busy. The copy, later in
        // the same JVM: 200 req/s on the same CPU (4.5 ms a request, +50%), the load side 60% busy. A second pair, close
        // together, is not the one described.
        var results = experiment(ISOLATED,
                cell(ThreadMode.VIRTUAL, false, repeat(1, 300, 100, Map.of("pessoa-service", 0.9), 0.4, 0.9),
                        repeat(2, 300, 100, Map.of("pessoa-service", 0.9), 0.4, 0.9)),
                cell(ThreadMode.VIRTUAL, true, repeat(1, 200, 100, Map.of("pessoa-service", 0.9), 0.6, 0.9),
                        repeat(2, 295, 100, Map.of("pessoa-service", 0.9), 0.4, 0.9)),
                cell(ThreadMode.PLATFORM, false, repeat(1, 100, 100, Map.of("pessoa-service", 0.3), 0.4, 0.9)));

        AaControl.Spread spread = AaControl.of(results).getFirst();

        assertThat(spread.moved()).containsExactly("the services' CPU per request 3.00 → 4.50 ms (+50%)", "the load side's CPUs 40% → 60% busy");
        assertThat(FairnessTables.noise(Summary.of(results)).rows().getFirst().getLast())
                .isEqualTo("the services' CPU per request 3.00 → 4.50 ms (+50%); the load side's CPUs 40% → 60% busy");
        // And the verdict's line for that level, where a reader meets the spread first.
        assertThat(Summary.of(results).verdict().levels().getFirst().sentence()).contains("A/A spread ±33.3% (between the copies, "
                + "the services' CPU per request 3.00 → 4.50 ms (+50%); the load side's CPUs 40% → 60% busy);");
        // Copies that cost the same and met the same machine: nothing named.
        var quiet = experiment(ISOLATED,
                cell(ThreadMode.VIRTUAL, false, repeat(1, 300, 100, Map.of("pessoa-service", 0.9), 0.4, 0.9)),
                cell(ThreadMode.VIRTUAL, true, repeat(1, 290, 100, Map.of("pessoa-service", 0.88), 0.42, 0.9)),
                cell(ThreadMode.PLATFORM, false, repeat(1, 100, 100, Map.of("pessoa-service", 0.3), 0.4, 0.9)));
        assertThat(AaControl.of(quiet).getFirst().moved()).isEmpty();
        assertThat(FairnessTables.noise(Summary.of(quiet)).rows().getFirst().getLast()).isEqualTo("none past its threshold");
        assertThat(Summary.of(quiet).verdict().levels().getFirst().sentence()).contains("A/A spread ±3.3%;").doesNotContain("between the copies");
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
