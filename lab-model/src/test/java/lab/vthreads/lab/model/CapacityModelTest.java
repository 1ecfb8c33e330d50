package lab.vthreads.lab.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The operational laws against examples worked by hand. */
class CapacityModelTest {

    // 2 cores, 8 ms of CPU per request, 25 Tomcat threads, a request held 0.45 s, 10 connections held 5 ms, 200 users.
    static CellDemand defaultPreset(Integer tomcatThreads, int users) {
        return new CellDemand(2, 0.008, tomcatThreads, 0.45, 10, 0.005, null, users, 0.45, 0);
    }

    @Test
    void platformThreadsBindWhenThreadsDividedByHoldTimeIsTheSmallestBound() {
        Prediction p = CapacityModel.predict(defaultPreset(25, 200));

        // CPU 2 ÷ 0.008 = 250; threads 25 ÷ 0.45 = 55.6; pool 10 ÷ 0.005 = 2,000; users 200 ÷ 0.45 = 444.4
        assertThat(p.bottleneck()).isEqualTo(Bottleneck.THREADS);
        assertThat(p.throughput()).isCloseTo(55.556, within(0.001));
        assertThat(p.bounds()).extracting(Bound::throughput).containsExactly(250.0, 25 / 0.45, 2000.0, 200 / 0.45);
    }

    @Test
    void pinnedCarriersBoundVirtualThreadsToCarriersDividedByTheTimeEachHoldsItsMonitor() {
        Prediction p = CapacityModel.withPinnedCarriers(CapacityModel.predict(defaultPreset(null, 200)), 2, 0.15);

        // 2 carriers ÷ 0.15 s (1.5 lookups × 100 ms, pinned) = 13.3 req/s, far under the CPU's 250
        assertThat(p.bottleneck()).isEqualTo(Bottleneck.PINNED);
        assertThat(p.throughput()).isCloseTo(13.333, within(0.001));
        assertThat(p.binding().formula()).isEqualTo("2 carriers ÷ 150 ms held pinned");
        assertThat(CapacityModel.withPinnedCarriers(p, Double.NaN, 0.15).bounds()).hasSize(p.bounds().size());
        assertThat(CapacityModel.withPinnedCarriers(CapacityModel.predict(defaultPreset(null, 200)), 8, 0.01).bottleneck())
                .as("8 ÷ 0.01 = 800 req/s: the CPU's 250 binds first").isEqualTo(Bottleneck.CPU);
    }

    @Test
    void aLimitOnTheCepClientsConnectionsBoundsEveryModeToConnectionsDividedByTheLookupsTime() {
        // 20 connections ÷ 0.44 s of lookups per request (two of 220 ms) = 45.5 req/s, under the 25 threads' 55.6
        Prediction p = CapacityModel.withCepConnections(CapacityModel.predict(defaultPreset(25, 200)), 20, 0.44);

        assertThat(p.bottleneck()).isEqualTo(Bottleneck.CEP_CONNECTIONS);
        assertThat(p.throughput()).isCloseTo(20 / 0.44, within(0.001));
        assertThat(p.binding().formula()).isEqualTo("20 CEP connections ÷ 440 ms of lookups");
        assertThat(CapacityModel.withCepConnections(p, 0, 0.44).bounds()).as("no limit set: no bound").hasSize(p.bounds().size());
        assertThat(CapacityModel.withCepConnections(CapacityModel.predict(defaultPreset(25, 200)), 2000, 0.44).bottleneck())
                .as("the services' own 2000 ÷ 0.44 s: never the bound").isEqualTo(Bottleneck.THREADS);
    }

    @Test
    void virtualThreadsHaveNoThreadBoundSoTheCpuBinds() {
        Prediction p = CapacityModel.predict(defaultPreset(null, 200));

        assertThat(p.bounds()).extracting(Bound::resource).doesNotContain(Bottleneck.THREADS);
        assertThat(p.bottleneck()).isEqualTo(Bottleneck.CPU);
        assertThat(p.throughput()).isCloseTo(250, within(1e-9));
    }

    @Test
    void fewerUsersThanTheSystemCanServeMakeTheClientTheBound() {
        Prediction p = CapacityModel.predict(defaultPreset(25, 20));

        // 20 ÷ 0.45 = 44.4 < 55.6 threads
        assertThat(p.bottleneck()).isEqualTo(Bottleneck.CLIENT);
        assertThat(p.throughput()).isCloseTo(44.444, within(0.001));
    }

    @Test
    void thinkTimeLengthensTheClientsCycle() {
        Prediction p = CapacityModel.predict(new CellDemand(2, 0.001, null, 0.2, null, 0, null, 10, 0.2, 0.8));

        // 10 users ÷ (0.2 + 0.8) s = 10 req/s
        assertThat(p.throughput()).isCloseTo(10, within(1e-9));
    }

    @Test
    void holdingTheConnectionThroughTheLookupsMakesThePoolTheBound() {
        // two 217 ms lookups + 5 ms of SQL inside the transaction: 10 ÷ 0.439 s = 22.8 req/s
        Prediction p = CapacityModel.predict(new CellDemand(2, 0.008, null, 0.45, 10, 0.439, null, 1000, 0.45, 0));

        assertThat(p.bottleneck()).isEqualTo(Bottleneck.POOL);
        assertThat(p.throughput()).isCloseTo(22.779, within(0.001));
    }

    @Test
    void aConcurrencyLimitBelowThePoolSizeIsTheNumberOfServers() {
        Prediction limited = CapacityModel.predict(new CellDemand(2, 0.008, null, 0.45, 10, 0.44, 5, 1000, 0.45, 0));
        Prediction above = CapacityModel.predict(new CellDemand(2, 0.008, null, 0.45, 10, 0.44, 40, 1000, 0.45, 0));

        assertThat(limited.throughput()).isCloseTo(5 / 0.44, within(1e-9));
        assertThat(above.throughput()).isCloseTo(10 / 0.44, within(1e-9));
    }

    @Test
    void flagsACellMoreThanFifteenPercentFromItsPrediction() {
        assertThat(CapacityModel.surprising(114, 100)).isFalse();
        assertThat(CapacityModel.surprising(86, 100)).isFalse();
        assertThat(CapacityModel.surprising(116, 100)).isTrue();
        assertThat(CapacityModel.surprising(84, 100)).isTrue();
        assertThat(CapacityModel.deviation(80, 100)).isCloseTo(-0.2, within(1e-12));
    }

    @Test
    void onAPartitionedMachineEachSideIsABoundAndTheLoadSideCanBind() {
        // the services' CPU: 1 ÷ 3.5 ms = 285.7; the load side: 1 ÷ 4 ms = 250 → the load generator binds first
        Prediction p = CapacityModel.predict(new CellDemand(java.util.List.of(
                new CpuDemand("1 CPU (services)", 1, 0.0035, Bottleneck.CPU), new CpuDemand("1 CPU (load)", 1, 0.004, Bottleneck.LOAD)),
                null, 0.01, null, 0, null, 1000, 0.01, 0));

        assertThat(p.bottleneck()).isEqualTo(Bottleneck.LOAD);
        assertThat(p.throughput()).isCloseTo(250, within(1e-9));
        assertThat(p.bounds()).extracting(Bound::formula).contains("1 CPU (services) ÷ 3.50 ms CPU per request");
    }

    @Test
    void readsABusyLoadSideAsTheLoadGeneratorsLimit() {
        assertThat(CapacityModel.observed(0.60, 0.95, null, Double.NaN, 0, 0)).isEqualTo(Bottleneck.LOAD);
        assertThat(CapacityModel.observed(0.95, 0.95, null, Double.NaN, 0, 0)).isEqualTo(Bottleneck.CPU);
        assertThat(CapacityModel.observed(0.60, 0.50, null, Double.NaN, 0, 0)).isEqualTo(Bottleneck.CLIENT);
        // lookups queued for the CEP client's connections: that pool holds, not the users
        assertThat(CapacityModel.observed(0.60, 0.50, null, Double.NaN, 0, 12.5)).isEqualTo(Bottleneck.CEP_CONNECTIONS);
        assertThat(CapacityModel.observed(0.60, 0.50, null, Double.NaN, 0, 0.2)).isEqualTo(Bottleneck.CLIENT);
        assertThat(CapacityModel.observed(0.60, 0.50, null, Double.NaN, 3, 12.5)).isEqualTo(Bottleneck.POOL);
    }

    @Test
    void readsTheObservedBottleneckFromWhereTheQueueFormed() {
        assertThat(CapacityModel.observed(0.95, 25, 25, 40)).isEqualTo(Bottleneck.CPU);
        assertThat(CapacityModel.observed(0.40, null, Double.NaN, 300)).isEqualTo(Bottleneck.POOL);
        assertThat(CapacityModel.observed(0.40, 25, 24, 0)).isEqualTo(Bottleneck.THREADS);
        assertThat(CapacityModel.observed(0.40, 25, 10, 0)).isEqualTo(Bottleneck.CLIENT);
        assertThat(CapacityModel.observed(0.40, null, Double.NaN, Double.NaN)).isEqualTo(Bottleneck.CLIENT);
    }
}
