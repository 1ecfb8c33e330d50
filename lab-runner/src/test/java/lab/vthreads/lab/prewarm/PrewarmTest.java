package lab.vthreads.lab.prewarm;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PrewarmTest {

    @Test
    void aServiceIsSettledOnlyOnceItsCompilersWereQuietForAWholeWindow() {
        PrewarmCompilers compilers = new PrewarmCompilers(Set.of("pessoa-service"));
        double ms = 0;
        // 30 s compiling at 600 ms a second (60% of a CPU), then quiet at 30 ms a second (3%).
        for (int t = 1; t <= 30; t++) {
            compilers.add(t, Map.of("pessoa-service", ms += 600));
            assertThat(compilers.settled()).as("second %d", t).isFalse();
        }
        assertThat(compilers.shares().get("pessoa-service")).isCloseTo(0.6, within(1e-9));
        for (int t = 31; t <= 39; t++) {
            compilers.add(t, Map.of("pessoa-service", ms += 30));
            // The window still holds busy seconds: (30 × (t − 30) + 600 × (40 − t)) ms over 10 s.
            assertThat(compilers.settled()).as("second %d", t).isFalse();
        }
        compilers.add(40, Map.of("pessoa-service", ms += 30));
        assertThat(compilers.shares().get("pessoa-service")).isCloseTo(0.03, within(1e-9));
        assertThat(compilers.settled()).isTrue();
    }

    @Test
    void everyServiceMustSettleAndOneWithoutAFullWindowIsUnknown() {
        PrewarmCompilers compilers = new PrewarmCompilers(new java.util.LinkedHashSet<>(java.util.List.of("pessoa-service", "gateway-service")));
        double quiet = 0, busy = 0;
        for (int t = 1; t <= 15; t++) {
            compilers.add(t, Map.of("pessoa-service", quiet += 10, "gateway-service", busy += 300));
        }
        assertThat(compilers.shares()).containsEntry("pessoa-service", 0.01);
        assertThat(compilers.shares().get("gateway-service")).isCloseTo(0.3, within(1e-9));
        assertThat(compilers.settled()).isFalse();

        PrewarmCompilers young = new PrewarmCompilers(Set.of("pessoa-service"));
        for (int t = 1; t <= 9; t++) young.add(t, Map.of("pessoa-service", 0.0));
        // Nine seconds of readings span 8 s: no verdict yet, however quiet.
        assertThat(young.shares().get("pessoa-service")).isNaN();
        assertThat(young.settled()).isFalse();
        assertThat(PrewarmCompilers.describe(young.shares())).isEqualTo("pessoa-service unknown");
    }

    @Test
    void aMissedScrapeLeavesTheWindowLongerInsteadOfWrong() {
        PrewarmCompilers compilers = new PrewarmCompilers(Set.of("gateway-service"));
        compilers.add(1, Map.of("gateway-service", 0.0));
        compilers.add(2, Map.of("gateway-service", Double.NaN));
        compilers.add(12, Map.of("gateway-service", 500.0));
        // 500 ms over the 11 s between the two readings it had.
        assertThat(compilers.shares().get("gateway-service")).isCloseTo(500 / 1000.0 / 11, within(1e-9));
        assertThat(compilers.settled()).isTrue();
    }

    @Test
    void throughputIsSteadyOnceTheLastWindowMatchesTheOneBeforeWithinFivePercent() {
        PrewarmThroughput throughput = new PrewarmThroughput();
        double count = 0;
        // 20 s climbing by 10 req/s each second (a service still warming), then flat at 300 req/s.
        for (int t = 1; t <= 20; t++) {
            throughput.add(t, count += 100 + 10 * t);
            assertThat(throughput.steady()).as("second %d", t).isFalse();
        }
        for (int t = 21; t <= 40; t++) {
            throughput.add(t, count += 300);
        }
        assertThat(throughput.recent()).isCloseTo(300, within(1e-9));
        assertThat(throughput.trend()).isCloseTo(0, within(1e-9));
        assertThat(throughput.steady()).isTrue();
    }

    @Test
    void aClimbOfMoreThanFivePercentBetweenWindowsIsNotSteady() {
        PrewarmThroughput throughput = new PrewarmThroughput();
        double count = 0;
        // 100 req/s for 10 s, then 106 req/s: +6%.
        for (int t = 0; t <= 10; t++) throughput.add(t, count += t == 0 ? 0 : 100);
        for (int t = 11; t <= 20; t++) throughput.add(t, count += 106);
        assertThat(throughput.trend()).isCloseTo(0.06, within(1e-9));
        assertThat(throughput.steady()).isFalse();
        // Nothing served yet: no trend, not steady.
        PrewarmThroughput idle = new PrewarmThroughput();
        for (int t = 0; t <= 25; t++) idle.add(t, 0);
        assertThat(idle.trend()).isNaN();
        assertThat(idle.steady()).isFalse();
    }

    @Test
    void aPrewarmStoppedBeforeAWholeWindowOfCountsReportsTheRateSinceTheFirstCount() {
        PrewarmThroughput throughput = new PrewarmThroughput();
        // A cold gateway has no request count until its first request completes: here from second 9, and the cap at 16.
        double count = 0;
        for (int t = 1; t <= 16; t++) throughput.add(t, t < 9 ? Double.NaN : (count += t == 9 ? 0 : 40));
        assertThat(throughput.recent()).isCloseTo(40, within(1e-9));
        assertThat(throughput.recentSeconds()).isCloseTo(7, within(1e-9));
        // Not enough for a trend, nor for "steady".
        assertThat(throughput.trend()).isNaN();
        assertThat(throughput.steady()).isFalse();
        // One count alone is no rate.
        PrewarmThroughput one = new PrewarmThroughput();
        one.add(5, 12);
        assertThat(one.recent()).isNaN();
        assertThat(one.recentSeconds()).isZero();
    }

    @Test
    void aMissedScrapeOfTheRequestCountLeavesTheWindowsSpanningTheReadingsAroundIt() {
        PrewarmThroughput throughput = new PrewarmThroughput();
        double count = 0;
        for (int t = 0; t <= 25; t++) {
            count += t == 0 ? 0 : 50;
            throughput.add(t, t == 17 ? Double.NaN : count);
        }
        assertThat(throughput.recent()).isCloseTo(50, within(1e-9));
        assertThat(throughput.steady()).isTrue();
    }

    @Test
    void theServicesSettleOnceTheirCpuPerRequestIsSteadyWhileTheLoadGeneratorStillClimbs() {
        PrewarmThroughput readings = new PrewarmThroughput();
        double count = 0, cpu = 0;
        // 20 s of a warming service: 4 ms of CPU per request falling by 0.1 ms a second, at 500 req/s.
        for (int t = 1; t <= 20; t++) {
            readings.add(t, count += 500, cpu += 500 * (4.0 - 0.1 * t) / 1000);
            assertThat(readings.servicesSteady()).as("second %d", t).isFalse();
        }
        // Then warm at 2 ms a request, while the load generator's own warm-up still adds 10 req/s each second.
        for (int t = 21; t <= 41; t++) {
            double served = 500 + 10 * (t - 20);
            readings.add(t, count += served, cpu += served * 2.0 / 1000);
        }
        assertThat(readings.cpuPerRequestMs()).isCloseTo(2.0, within(1e-9));
        assertThat(readings.cpuPerRequestTrend()).isCloseTo(0, within(1e-9));
        assertThat(readings.servicesSteady()).isTrue();
        // The request rate alone would still hold the prewarm: +15% from one window to the next.
        assertThat(readings.trend()).isGreaterThan(Prewarm.STEADY_TREND);
        assertThat(readings.steady()).isFalse();
    }

    @Test
    void withoutTheServicesCpuTheRequestRateDecides() {
        PrewarmThroughput readings = new PrewarmThroughput();
        double count = 0;
        for (int t = 0; t <= 25; t++) readings.add(t, count += t == 0 ? 0 : 200, Double.NaN);
        assertThat(readings.cpuPerRequestTrend()).isNaN();
        assertThat(readings.cpuPerRequestMs()).isNaN();
        assertThat(readings.servicesSteady()).isTrue();
        PrewarmThroughput climbing = new PrewarmThroughput();
        count = 0;
        for (int t = 0; t <= 25; t++) climbing.add(t, count += 10 * t, Double.NaN);
        assertThat(climbing.servicesSteady()).isFalse();
    }

    @Test
    void settledIsNeverSaidBeforeTwoWholeWindowsAfterTheRamp() {
        // the trend compares the last window with the one before: neither may hold the ramp
        assertThat(Prewarm.Rule.FIRST.minSeconds()).isEqualTo(Prewarm.Rule.FIRST.rampSeconds() + 2 * Prewarm.WINDOW_SECONDS).isEqualTo(30);
        assertThat(Prewarm.Rule.WITH_LATENCY.minSeconds()).isEqualTo(22);
        // with the latency, the closed users' throughput is the warm services' answer: it must be steady too
        assertThat(Prewarm.Rule.WITH_LATENCY.throughputToo()).isTrue();
        assertThat(Prewarm.Rule.FIRST.throughputToo()).isFalse();
    }
}
