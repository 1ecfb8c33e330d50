package lab.vthreads.lab.metrics;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Means over a window when samples come at uneven intervals, as they do when a scrape waits on a saturated service. */
class WindowTest {

    // cores over (0,1], (1,3], (3,3.1], (3.1,3.2]: a slow sample, then a late burst of short ones
    static final List<Map<String, Double>> SAMPLES = List.of(
            Map.of("t", 0.0), Map.of("t", 1.0, "cpu.x", 1.0, "busy", 4.0), Map.of("t", 3.0, "cpu.x", 0.5, "busy", 2.0),
            Map.of("t", 3.1, "cpu.x", 0.0, "busy", 0.0), Map.of("t", 3.2, "cpu.x", 0.0, "busy", 0.0));

    @Test
    void weightsEachSampleByTheTimeItCoversInTheWindow() {
        // over (0, 3.2]: (1.0 × 1 + 0.5 × 2 + 0 × 0.1 + 0 × 0.1) ÷ 3.2 = 0.625; a plain mean of the four would say 0.375
        assertThat(new Window(0, 3.2).mean(SAMPLES, "cpu.x")).isCloseTo(0.625, within(1e-9));
        // over (0.5, 2]: 1.0 × 0.5 + 0.5 × 1 over 1.5 s
        assertThat(new Window(0.5, 2).mean(SAMPLES, "cpu.x")).isCloseTo(1.0 / 1.5, within(1e-9));
    }

    @Test
    void takesACountersGrowthFromTheSamplesInsideTheWindow() {
        List<Map<String, Double>> counter = List.of(Map.of("t", 0.5, "n", 10.0), Map.of("t", 1.5, "n", 30.0), Map.of("t", 2.5, "n", 70.0),
                Map.of("t", 3.5, "n", 80.0));

        assertThat(new Window(1, 3).delta(counter, "n")).isEqualTo(40);
        assertThat(new Window(1, 1.4).delta(counter, "n")).isNaN();
    }

    @Test
    void averagesAGaugeOverTheSamplesInTheWindow() {
        assertThat(new Window(1, 3).gaugeMean(SAMPLES, "busy")).isCloseTo(3.0, within(1e-9));
    }
}
