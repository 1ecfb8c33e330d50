package lab.vthreads.lab.load;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

import static org.assertj.core.api.Assertions.assertThat;

/** How steady a run's hold window was: the second half's successes against the first half's. */
class GatlingResultsTest {

    @Test
    void aWindowStillRisingIsNotSteadyAndAFlatOneIs() {
        // window [2, 10): 10 per second in its first half, 12 in its second: +20%
        ArrayNode rising = series(0, 0, 10, 10, 10, 10, 12, 12, 12, 12, 99);
        ArrayNode flat = series(0, 0, 10, 11, 10, 10, 10, 10, 11, 10);

        assertThat(GatlingResults.trend(rising, 2, 10)).isCloseTo(0.20, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(GatlingResults.trend(flat, 2, 10)).isCloseTo(0.0, org.assertj.core.data.Offset.offset(1e-9));
        // an odd window leaves its middle second out of both halves
        assertThat(GatlingResults.trend(series(0, 0, 10, 10, 50, 10, 10), 2, 7)).isCloseTo(0.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aWindowTooShortOrEmptyAtFirstHasNoTrend() {
        assertThat(GatlingResults.trend(series(5, 5, 5), 0, 3)).isNull();
        assertThat(GatlingResults.trend(series(0, 0, 0, 0, 5, 5, 5, 5), 0, 8)).isNull();
    }

    @Test
    void steadyMeansWithinFivePercentEitherWay() {
        assertThat(result(0.05).steady()).isTrue();
        assertThat(result(-0.049).steady()).isTrue();
        assertThat(result(0.06).steady()).isFalse();
        assertThat(result(-0.2).steady()).isFalse();
        assertThat(result(null).steady()).isNull();
    }

    @Test
    void theTrendsNoiseComesFromEachHalfsPerSecondSpread() {
        // halves [10, 12, 10, 12] and [10, 12, 10, 12]: means 11, sample variance 4/3, standard error of a mean 0.577;
        // the ratio 1 ± sqrt(2) × 0.577 / 11 = 7.4%
        ArrayNode alternating = series(10, 12, 10, 12, 10, 12, 10, 12);
        assertThat(GatlingResults.trendNoise(alternating, 0, 8)).isCloseTo(Math.sqrt(2) * Math.sqrt(4.0 / 3 / 4) / 11,
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(GatlingResults.trendNoise(series(10, 10, 10, 10, 10, 10), 0, 6)).isZero();
        assertThat(GatlingResults.trendNoise(series(5, 5, 5), 0, 3)).isNull();
    }

    @Test
    void aChangeBeyondFivePercentIsUnsteadyOnlyWhenItIsAlsoBeyondTwiceItsNoise() {
        assertThat(result(0.07, 0.04).steady()).isTrue();
        assertThat(result(0.07, 0.03).steady()).isFalse();
        assertThat(result(0.04, 0.0).steady()).isTrue();
        assertThat(result(0.3, null).steady()).isFalse();
    }

    private static ClientResult result(Double trend, Double noise) {
        return new ClientResult(0, 0, 0, 0, null, java.util.Map.of(), 0, 0, true, 0, 0.0, 0L, 0L, null, null, null, trend, noise);
    }

    private static ClientResult result(Double trend) {
        return new ClientResult(0, 0, 0, 0, null, java.util.Map.of(), 0, 0, true, 0, 0.0, 0L, 0L, null, null, null, trend);
    }

    private static ArrayNode series(long... perSecond) {
        ArrayNode node = JsonMapper.builder().build().createArrayNode();
        for (long v : perSecond) node.add(v);
        return node;
    }
}
