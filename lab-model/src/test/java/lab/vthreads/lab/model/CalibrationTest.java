package lab.vthreads.lab.model;

import lab.vthreads.lab.isolation.Partition;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.within;

class CalibrationTest {

    // 30 and 90 req/s: pessoa 0.10 → 0.22 cores, gateway 0.06 → 0.12 cores.
    static final Calibration.Run LOW = new Calibration.Run(20, 30, Map.of("pessoa-service", 0.10, "gateway-service", 0.06), 6.0, 2.0, 1.0, 5.0, 0.1);
    static final Calibration.Run HIGH = new Calibration.Run(20, 90, Map.of("pessoa-service", 0.22, "gateway-service", 0.12), 6.5, 2.0, 1.0, 5.5, 0.2);
    // saturated: 800 req/s with the machine 96% busy → 0.96 × 2 cores ÷ 800 = 2.4 ms per request
    static final Calibration.Run SATURATED = new Calibration.Run(20, 800, Map.of("pessoa-service", 1.2, "gateway-service", 0.6), 20, 2.0, 1.0, 9, 0.96);

    @Test
    void takesCpuPerRequestFromTheSlopeBetweenTheTwoRates() {
        Calibration c = Calibration.of(2, 90, LOW, HIGH, SATURATED, 0, 32);

        // pessoa (0.22 − 0.10) ÷ 60 = 2 ms, gateway (0.12 − 0.06) ÷ 60 = 1 ms; at no load 0.10 − 0.06 + 0.06 − 0.03 = 0.07 cores
        assertThat(c.cpuMsPerRequest().get("pessoa-service")).isCloseTo(2.0, within(1e-9));
        assertThat(c.cpuMsPerRequest().get("gateway-service")).isCloseTo(1.0, within(1e-9));
        assertThat(c.backgroundCores()).isCloseTo(0.07, within(1e-9));
        // the CPU bound comes from the saturated run: 2 cores ÷ 2.4 ms = 833 req/s, not 2 ÷ 3 ms from the low-load slope
        assertThat(c.saturatedTotalCpuMsPerRequest()).isCloseTo(2.4, within(1e-9));
        assertThat(c.cpuBound(null)).isCloseTo(800 / 0.96, within(1e-6));
        assertThat(c.demand(null, null, 10, false, null, 50, 0, 0).cpus()).singleElement()
                .satisfies(cpu -> assertThat(cpu.secondsPerRequest()).isCloseTo(0.0024, within(1e-12)));
        // the rest comes from the low rate, where nothing queues
        assertThat(c.responseMs()).isEqualTo(6.0);
        assertThat(c.connectionHoldMs()).isEqualTo(5.0);
    }

    @Test
    void recordsEachProcessesCpuPerRequestAtSaturation() {
        Calibration c = Calibration.of(2, 90, LOW, HIGH, SATURATED, 217, 150);

        // pessoa 1.2 cores ÷ 800 req/s = 1.5 ms; gateway 0.6 ÷ 800 = 0.75 ms
        assertThat(c.saturatedCpuMsPerRequest()).containsOnlyKeys("pessoa-service", "gateway-service");
        assertThat(c.saturatedCpuMsPerRequest().get("pessoa-service")).isCloseTo(1.5, within(1e-9));
        assertThat(c.saturatedCpuMsPerRequest().get("gateway-service")).isCloseTo(0.75, within(1e-9));
        assertThat(c.saturationCepMeanMs()).isEqualTo(217);
        assertThat(c.saturationUsers()).isEqualTo(150);
    }

    @Test
    void onAPartitionedMachineEachSideAndEachQuotaIsABound() {
        // saturated, per request: pessoa 2.0, gateway 1.0, postgres 0.5 ms (3.5 on the services' side); gatling 1.2,
        // wiremock 0.6 ms (1.8 on the load side)
        Map<String, Double> cores = new LinkedHashMap<>(Map.of("pessoa-service", 0.5, "gateway-service", 0.25, "postgres", 0.125, "gatling", 0.3,
                "wiremock", 0.15));
        Calibration.Run saturated = new Calibration.Run(20, 250, cores, 20, 2.0, 1.0, 9, 0.6);
        Calibration c = Calibration.of(2, 90, LOW, HIGH, saturated, 0, 32);
        Partition partition = new Partition(Partition.Mode.CGROUP, "test", "0", "1", Map.of(
                "wiremock", new Partition.Placement("0", 0.5, 1024), "pessoa-service", new Partition.Placement("1", null, 1024)));

        var bounds = c.cpuDemands(partition);

        // services: 1 CPU ÷ 3.5 ms = 285.7 req/s; load side: 1 CPU ÷ 1.8 ms = 555.6; wiremock's quota 0.5 ÷ 0.6 ms = 833.3
        assertThat(bounds).hasSize(3);
        assertThat(bounds.get(0).cores() / bounds.get(0).secondsPerRequest()).isCloseTo(1 / 0.0035, within(1e-6));
        assertThat(bounds.get(1).cores() / bounds.get(1).secondsPerRequest()).isCloseTo(1 / 0.0018, within(1e-6));
        assertThat(bounds.get(2).cores() / bounds.get(2).secondsPerRequest()).isCloseTo(0.5 / 0.0006, within(1e-6));
        assertThat(bounds).extracting(CpuDemand::resource).containsExactly(Bottleneck.CPU, Bottleneck.LOAD, Bottleneck.LOAD);
        assertThat(c.cpuBound(partition)).isCloseTo(1 / 0.0035, within(1e-6));
        // a machine the lab did not partition is one pool of every core and all the CPU the saturation run used
        Partition none = new Partition(Partition.Mode.NONE, "test", "0-1", "0-1", Map.of());
        assertThat(c.cpuDemands(none)).singleElement().satisfies(d -> assertThat(d.cores()).isEqualTo(2));
    }

    @Test
    void buildsACellsDemandFromTheFactors() {
        Calibration c = Calibration.of(2, 90, LOW, HIGH, SATURATED, 0, 32);

        CellDemand outside = c.demand(null, 200, 10, false, null, 1000, 217, 0);
        CellDemand inside = c.demand(null, null, 10, true, 10, 1000, 217, 0);

        // response 6 ms + 2 lookups × 217 ms = 440 ms; the connection is held 5 ms, or 5 + 434 ms inside
        assertThat(outside.responseSeconds()).isCloseTo(0.440, within(1e-9));
        assertThat(outside.threadHoldSeconds()).isCloseTo(0.440, within(1e-9));
        assertThat(outside.connectionHoldSeconds()).isCloseTo(0.005, within(1e-9));
        assertThat(inside.connectionHoldSeconds()).isCloseTo(0.439, within(1e-9));
        assertThat(inside.tomcatThreads()).isNull();
        assertThat(inside.concurrencyLimit()).isEqualTo(10);
    }

    @Test
    void countsLookupsAndAcquisitionsOverBothRunsRequests() {
        // 10 s at 30 req/s with 1.90 lookups (300 requests), 10 s at 90 req/s with 2.02 (900): lookups
        // (1.90 × 300 + 2.02 × 900) ÷ 1200 = 1.99; acquisitions (1.0 × 300 + 1.2 × 900) ÷ 1200 = 1.15
        Calibration.Run low = new Calibration.Run(10, 30, Map.of("pessoa-service", 0.10), 6.0, 1.90, 1.0, 5.0, 0.1);
        Calibration.Run high = new Calibration.Run(10, 90, Map.of("pessoa-service", 0.22), 7.0, 2.02, 1.2, 6.0, 0.2);

        Calibration c = Calibration.of(2, 90, low, high, SATURATED, 217, 32);

        assertThat(c.cepLookupsPerRequest()).isCloseTo(1.99, within(1e-9));
        assertThat(c.connectionsPerRequest()).isCloseTo(1.15, within(1e-9));
        // times stay the low run's, where nothing queues
        assertThat(c.responseMs()).isEqualTo(6.0);
        assertThat(c.connectionHoldMs()).isEqualTo(5.0);
    }

    @Test
    void anEndpointThatTakesNoConnectionHasNoPoolBound() {
        Calibration.Run low = new Calibration.Run(20, 30, Map.of("pessoa-service", 0.2), 5, 0, 0.01, 1, 0.1);
        Calibration.Run high = new Calibration.Run(20, 90, Map.of("pessoa-service", 0.5), 5, 0, 0.01, 1, 0.3);

        assertThat(Calibration.of(2, 90, low, high, SATURATED, 0, 32).demand(null, null, 10, false, null, 50, 0, 0).poolSize()).isNull();
    }

    @Test
    void refusesAHigherRateThatServedNoMore() {
        assertThatIllegalStateException().isThrownBy(() -> Calibration.of(2, 90, HIGH, LOW, SATURATED, 0, 32)).withMessageContaining("too busy");
    }

    @Test
    void anApplicationsBoundsComeFromItsProbe() {
        // One user: 40 ms per response and 5 requests a second, so a 200 ms cycle (160 ms of think and client time).
        Calibration c = Calibration.of(2, 90, LOW, HIGH, SATURATED, 0, 32).withProbe(new Calibration.Probe(40, 5, true));

        Prediction platform = CapacityModel.predict(c.demand(null, 10, 10, false, null, 100, 0, 0));
        // 10 threads ÷ 40 ms = 250 req/s; 100 users × 5 req/s = 500; the pool 10 ÷ (1.0 × 5 ms) = 2,000; the CPU 833
        assertThat(platform.bottleneck()).isEqualTo(Bottleneck.THREADS);
        assertThat(platform.throughput()).isCloseTo(250, within(1e-6));
        assertThat(platform.bounds()).anySatisfy(b -> {
            assertThat(b.resource()).isEqualTo(Bottleneck.CLIENT);
            assertThat(b.throughput()).isCloseTo(500, within(1e-6));
        });
        assertThat(platform.bounds()).anySatisfy(b -> {
            assertThat(b.resource()).isEqualTo(Bottleneck.POOL);
            assertThat(b.throughput()).isCloseTo(2000, within(1e-6));
        });
        Prediction virtual = CapacityModel.predict(c.demand(null, null, 10, false, null, 100, 0, 0));
        assertThat(virtual.bottleneck()).isEqualTo(Bottleneck.CLIENT);
        assertThat(virtual.notMeasured()).isEmpty();
    }

    @Test
    void anApplicationWithoutHikariMetricsHasNoPoolBoundAndSaysSo() {
        Calibration c = Calibration.of(2, 90, LOW, HIGH, SATURATED, 0, 32).withProbe(new Calibration.Probe(40, 5, false));

        Prediction prediction = CapacityModel.predict(c.demand(null, null, 10, false, null, 100, 0, 0));

        assertThat(prediction.bounds()).noneMatch(b -> b.resource() == Bottleneck.POOL);
        assertThat(prediction.notMeasured()).containsExactly("connection pool: the application shows no Hikari metrics");
    }
}
