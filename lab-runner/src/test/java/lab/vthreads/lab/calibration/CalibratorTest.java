package lab.vthreads.lab.calibration;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.metrics.Window;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CalibratorTest {

    @Test
    void theRatesStayWellBelowWhatTheWarmedUpServicesServed() {
        // two unshared cores: the ceiling
        assertThat(CalibrationLoads.rates(600)).containsExactly(30, 90);
        // one isolated CPU, the services still compiling: 40% of what they served
        assertThat(CalibrationLoads.rates(100)).containsExactly(13, 40);
        // a warm-up that barely served anything still leaves two rates a slope can be measured between
        assertThat(CalibrationLoads.rates(3)).containsExactly(5, 15);
    }

    @Test
    void onAPartitionedMachineTheSaturationRunIsSizedByTheSystemSidesCpuAlone() {
        // 20 req/s; the services and PostgreSQL 0.125 cores (6.25 ms a request), the load side as much again
        var high = new lab.vthreads.lab.model.Calibration.Run(30, 20, Map.of("pessoa-service", 0.0625, "gateway-service", 0.03125, "postgres", 0.03125,
                "gatling", 0.0625, "wiremock", 0.0625), 10, 2, 1, 3, 0.2);
        var partition = new lab.vthreads.lab.isolation.Partition(lab.vthreads.lab.isolation.Partition.Mode.CGROUP, "test", "0", "1", Map.of());
        var shared = new lab.vthreads.lab.isolation.Partition(lab.vthreads.lab.isolation.Partition.Mode.NONE, "off", "0-1", "0-1", Map.of());

        // 1 CPU ÷ 6.25 ms = 160 req/s (above the 100 the warm-up served); × (10 + 2 × 195 ms) = 0.4 s; × 1.5 = 96 users
        assertThat(CalibrationLoads.saturationUsers(2, high, partition, 195, 100)).isEqualTo(96);
        // shared: 2 CPUs ÷ 12.5 ms (every process) = 160 req/s, the same users
        assertThat(CalibrationLoads.saturationUsers(2, high, shared, 195, 100)).isEqualTo(96);
        // never fewer than the warm-up's
        assertThat(CalibrationLoads.saturationUsers(2, high, partition, 0, 100)).isEqualTo(CalibrationLoads.SATURATION_USERS);
    }

    @Test
    void anApplicationsSaturationRunCountsItsUsersThinkTime() {
        // An application's request: 10 ms at the higher rate, its downstream latency inside; one user's cycle 400 ms
        // (think time included), so 160 req/s × 0.4 s × 1.5 = 96 users, where the response time alone asks for 32.
        var high = new lab.vthreads.lab.model.Calibration.Run(30, 20, Map.of("app", 0.09375, "postgres", 0.03125, "gatling", 0.0625), 10, 0, 1, 3, 0.2);
        var partition = new lab.vthreads.lab.isolation.Partition(lab.vthreads.lab.isolation.Partition.Mode.CGROUP, "test", "0", "1", Map.of());

        assertThat(CalibrationLoads.saturationUsers(2, high, partition, 0, 100, 400)).isEqualTo(96);
        assertThat(CalibrationLoads.saturationUsers(2, high, partition, 0, 100, 0)).isEqualTo(CalibrationLoads.SATURATION_USERS);
    }

    @Test
    void aWarmUpThatServedMoreThanTheHigherRatesCpuSuggestsSizesTheSaturationRun() {
        // 20 req/s at 6.25 ms a request on the system side suggest 160 req/s; the warm services served 400 saturated
        var high = new lab.vthreads.lab.model.Calibration.Run(30, 20, Map.of("pessoa-service", 0.0625, "gateway-service", 0.03125, "postgres", 0.03125,
                "gatling", 0.0625, "wiremock", 0.0625), 10, 2, 1, 3, 0.2);
        var partition = new lab.vthreads.lab.isolation.Partition(lab.vthreads.lab.isolation.Partition.Mode.CGROUP, "test", "0", "1", Map.of());

        // 400 req/s × 0.4 s × 1.5 = 240 users
        assertThat(CalibrationLoads.saturationUsers(2, high, partition, 195, 400)).isEqualTo(240);
    }

    @Test
    void theSaturationRunHoldsAtLeastAsManyRequestsAsTheCellsItPredicts() {
        // Little's law asked for 96 users; the pool preset's cells hold 1000 at once, the default's 120
        assertThat(CalibrationLoads.atTheCellsConcurrency(96, 1000)).isEqualTo(1000);
        assertThat(CalibrationLoads.atTheCellsConcurrency(584, 120)).isEqualTo(584);
        // not known yet (a calibration that sizes the cells): Little's law alone; and never past the cap
        assertThat(CalibrationLoads.atTheCellsConcurrency(96, 0)).isEqualTo(96);
        assertThat(CalibrationLoads.atTheCellsConcurrency(96, 5000)).isEqualTo(CalibrationLoads.MAX_SATURATION_USERS);
    }

    @Test
    void aSaturationRunThatLostMoreThanOnePercentIsRunAgainAtTheBound() {
        // the unstable one of three default calibrations: 216 × 504 of 6,100
        assertThat(CalibrationLoads.unstable(client(6_100, 216))).isTrue();
        assertThat(CalibrationLoads.unstable(client(6_100, 61))).isFalse();
        assertThat(CalibrationLoads.unstable(client(0, 0))).isFalse();
        // 303 users were 1.5 × the bound × the response time: 202 are the bound's
        assertThat(CalibrationLoads.fewerUsers(303)).isEqualTo(202);
        assertThat(CalibrationLoads.fewerUsers(40)).isEqualTo(CalibrationLoads.SATURATION_USERS);
    }

    private static ClientResult client(long requests, long ko) {
        return new ClientResult(requests, requests - ko, ko, 0, null, Map.of(), 0, 0, true, 0, 0.0, 0L, 0L, null, 0L, 30_000L, null);
    }

    @Test
    void theCalibrationWindowIsTheLoadGeneratorsHoldLessItsEdges() {
        ClientResult client = new ClientResult(0, 0, 0, 0, null, Map.of(), 0, 0, true, 0, 0.0, 0L, 0L, null, 11_000L, 23_000L, null);

        assertThat(CalibrationRun.loadWindow(client, 1_000)).isEqualTo(new Window(12, 21));
        // a window too short to measure is none
        assertThat(CalibrationRun.loadWindow(new ClientResult(0, 0, 0, 0, null, Map.of(), 0, 0, true, 0, 0.0, 0L, 0L, null, 11_000L, 15_000L, null), 1_000))
                .isNull();
    }

    @Test
    void cpuIsTheTimeWeightedMeanOverTheWindowAndCountersTheirGrowthInIt() {
        List<Map<String, Double>> samples = List.of(
                sample(0, 0, 0.1), sample(1, 100, 0.5), sample(2, 200, 0.5), sample(3, 300, 0.5), sample(4, 400, 0.1));

        var run = CalibrationRun.window(samples, java.util.Set.of("pessoa-service"), new Window(1, 3), SampleNames.LABS_OWN);

        assertThat(run.throughput()).isEqualTo(100);
        assertThat(run.cores().get("pessoa-service")).isEqualTo(0.5);
    }

    @Test
    void theSaturatedCostIsAlsoMeasuredOverEachHalfOfTheWindow() {
        // 100 req/s throughout; 0.5 cores until t = 3, then 1.0: 5 ms a request, then 10
        List<Map<String, Double>> samples = List.of(sample(0, 0, 0.1), sample(1, 100, 0.5), sample(2, 200, 0.5), sample(3, 300, 0.5),
                sample(4, 400, 1.0), sample(5, 500, 1.0));

        var halves = CalibrationRun.window(samples, java.util.Set.of("pessoa-service"), new Window(1, 5), SampleNames.LABS_OWN).systemHalves();

        assertThat(halves.firstMs()).isCloseTo(5.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(halves.secondMs()).isCloseTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(halves.change()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(halves.settled()).isFalse();
        // The load side's processes are not the system's: a window with no system process measures no halves.
        assertThat(CalibrationRun.window(samples, java.util.Set.of("gatling"), new Window(1, 5), SampleNames.LABS_OWN).systemHalves()).isNull();
    }

    @Test
    void theServicesOwnCountsAreDividedByTheRequestsItCountedInTheSameScrape() {
        // The load generator's count, published five times a second, runs a request ahead of the service's at each edge:
        // 101 answered against 100 served, with one acquisition per request served.
        List<Map<String, Double>> samples = List.of(served(1, 10, 10), served(2, 60, 59), served(3, 111, 109));

        var run = CalibrationRun.window(samples, java.util.Set.of("pessoa-service"), new Window(1, 3), SampleNames.LABS_OWN);

        assertThat(run.connectionsPerRequest()).isEqualTo(1.0);
        assertThat(run.cepLookupsPerRequest()).isEqualTo(2.0);
        assertThat(run.throughput()).isEqualTo(50.5);
        // An application that counts no request of its own: its counts over the load generator's answers.
        var unserved = CalibrationRun.window(samples.stream().map(s -> {
            var copy = new java.util.HashMap<>(s);
            copy.remove(SampleNames.LABS_OWN.serverRequests());
            return (Map<String, Double>) copy;
        }).toList(), java.util.Set.of("pessoa-service"), new Window(1, 3), SampleNames.LABS_OWN);
        assertThat(unserved.connectionsPerRequest()).isCloseTo(99.0 / 101, org.assertj.core.data.Offset.offset(1e-9));
    }

    private static Map<String, Double> served(double t, double answered, double served) {
        return Map.of(SampleKeys.TIME, t, SampleKeys.LOAD_ANSWERED, answered, SampleKeys.LOAD_ANSWERED_SECONDS, answered * 0.01,
                SampleNames.LABS_OWN.serverRequests(), served, SampleNames.LABS_OWN.acquires(), served, SampleNames.LABS_OWN.cepCalls(), served * 2,
                SampleKeys.cpu("pessoa-service"), 0.5);
    }

    private static Map<String, Double> sample(double t, double requests, double pessoaCores) {
        return Map.of(SampleKeys.TIME, t, SampleKeys.LOAD_ANSWERED, requests, SampleKeys.LOAD_ANSWERED_SECONDS, requests * 0.01,
                SampleKeys.cpu("pessoa-service"), pessoaCores);
    }

    @Test
    void servicesWithALimitOnTheirCepConnectionsAreNotTheCalibrationsToMeasure() {
        Factors latency = Factors.builder().cepLatency("fixed:200").build();
        assertThat(Calibrator.canRunOn(new Cell(null, ThreadMode.VIRTUAL, 120, latency))).isTrue();
        // At saturation the limit, not the CPU, would hold the calibration: it measures on services without it.
        assertThat(Calibrator.canRunOn(new Cell(null, ThreadMode.VIRTUAL, 120, latency.overriddenBy(Factors.builder().cepMaxConnections(60).build()))))
                .isFalse();
    }
}
