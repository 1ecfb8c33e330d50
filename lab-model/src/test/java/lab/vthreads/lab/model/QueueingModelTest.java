package lab.vthreads.lab.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A cell's queueing solution against its bounds: equal far from the knee, below them near it. */
class QueueingModelTest {

    // One CPU, 2 ms per request; a request takes 0.44 s with nothing queued; 10 connections held 1 ms.
    static CellDemand cell(Integer tomcatThreads, int users) {
        return new CellDemand(List.of(new CpuDemand("1 CPU", 1, 0.002, Bottleneck.CPU)), tomcatThreads, 0.44, 10, 0.001, null, users, 0.44, 0);
    }

    @Test
    void oneUserTakesTheCalibratedResponseTime() {
        QueueingModel.Prediction p = QueueingModel.predict(cell(null, 1));

        assertThat(p.responseSeconds()).isCloseTo(0.44, within(1e-9));
        assertThat(p.throughput()).isCloseTo(1 / 0.44, within(1e-9));
    }

    @Test
    void farBelowTheKneeTheUsersBoundHoldsAndFarAboveItTheCpuBound() {
        // The CPU bound 500 req/s meets the users' N ÷ 0.44 s at N* = 220 users
        assertThat(QueueingModel.predict(cell(null, 220)).knee()).isCloseTo(220, within(1e-9));
        assertThat(QueueingModel.predict(cell(null, 20)).throughput()).isCloseTo(20 / 0.44, within(20 / 0.44 * 0.01));
        assertThat(QueueingModel.predict(cell(null, 1000)).throughput()).isCloseTo(500, within(500 * 0.01));
    }

    @Test
    void atTheKneeRequestsQueueForTheCpuAndThroughputIsBelowEveryBound() {
        QueueingModel.Prediction p = QueueingModel.predict(cell(null, 220));
        Prediction bounds = CapacityModel.predict(cell(null, 220));

        assertThat(p.throughput()).isLessThan(bounds.throughput() * 0.97);
        assertThat(p.responseSeconds()).as("Little's law for the closed users").isCloseTo(220 / p.throughput(), within(1e-9));
    }

    @Test
    void tomcatThreadsLimitTheRequestsInsideToThreadsOverTheHold() {
        // 25 threads held 0.44 s: at most 56.8 req/s, and 120 users wait for them; the CPU, 11% busy, adds almost nothing
        QueueingModel.Prediction p = QueueingModel.predict(cell(25, 120));

        assertThat(p.throughput()).isLessThanOrEqualTo(25 / 0.44).isGreaterThan(25 / 0.44 * 0.99);
        assertThat(p.responseSeconds()).isCloseTo(120 / p.throughput(), within(1e-9));
    }

    @Test
    void lookupsInsideTheTransactionMakeThePoolAStationOfItsConnections() {
        // 10 connections each held through the lookups, 0.44 s: 22.7 req/s for 1000 users, none of the hold counted twice
        CellDemand inside = new CellDemand(List.of(new CpuDemand("1 CPU", 1, 0.002, Bottleneck.CPU)), null, 0.44, 10, 0.44, null, 1000, 0.44, 0);

        assertThat(QueueingModel.predict(inside).throughput()).isCloseTo(10 / 0.44, within(10 / 0.44 * 0.01));
        CellDemand alone = new CellDemand(List.of(new CpuDemand("1 CPU", 1, 0.002, Bottleneck.CPU)), null, 0.44, 10, 0.44, null, 1, 0.44, 0);
        // the CPU spent holding the connection is counted beside the hold: 2 ms in 440
        assertThat(QueueingModel.predict(alone).responseSeconds()).isCloseTo(0.44, within(0.44 * 0.01));
    }

    @Test
    void aLimitOnTheCepClientsConnectionsIsAStationOfThatManyServersHeldForTheLookups() {
        // 20 connections each held 0.40 s of the 0.44: at most 50 req/s for 1000 users; one user alone still takes 0.44 s
        assertThat(QueueingModel.predict(cell(null, 1000), 0, 0, 20, 0.40).throughput()).isCloseTo(20 / 0.40, within(20 / 0.40 * 0.01));
        // the pool's 1 ms hold overlaps the lookups and is counted beside them, as with the pinned carriers
        assertThat(QueueingModel.predict(cell(null, 1), 0, 0, 20, 0.40).responseSeconds()).isCloseTo(0.44, within(0.44 * 0.01));
        double without = QueueingModel.predict(cell(null, 20)).throughput();
        assertThat(QueueingModel.predict(cell(null, 20), 0, 0, 2000, 0.40).throughput()).as("a limit far above the users: only that 1 ms")
                .isCloseTo(without, within(without * 0.01));
    }

    // One CPU whose cost per request falls from 0.2 s when idle to 0.1 s when saturated, linearly in its utilisation.
    static final CpuDemand LOAD_DEPENDENT = new CpuDemand("1 CPU", 1, 0.1, Bottleneck.CPU, new CpuDemand.LoadDependence(0.2, 0.0, 1.0));

    @Test
    void aCostThatDependsOnTheLoadIsSolvedAtTheUtilisationItMakes() {
        // One user thinking 0.3 s, its request all CPU: X = 1 ÷ (0.3 + D) and U = X·D, with D = 0.2 − 0.1·U. So
        // D² + 0.2·D − 0.06 = 0: D = 0.164575 s, X = 2.152504 req/s.
        CellDemand one = new CellDemand(List.of(LOAD_DEPENDENT), null, 0.1, null, 0, null, 1, 0.1, 0.3);

        QueueingModel.Prediction p = QueueingModel.predict(one);

        double d = (-0.2 + Math.sqrt(0.04 + 0.24)) / 2;
        assertThat(p.throughput()).isCloseTo(1 / (0.3 + d), within(1e-6));
        assertThat(p.responseSeconds()).isCloseTo(d, within(1e-6));
        assertThat(LOAD_DEPENDENT.secondsPerRequestAt(p.throughput() * d)).as("the cost at the utilisation it makes").isCloseTo(d, within(1e-6));
    }

    @Test
    void saturatedTheCostIsTheSaturatedOneAndTheBoundHolds() {
        CellDemand crowded = new CellDemand(List.of(LOAD_DEPENDENT), null, 0.1, null, 0, null, 2000, 0.1, 0);

        assertThat(QueueingModel.predict(crowded).throughput()).isCloseTo(10, within(10 * 0.001));
    }

    @Test
    void nearTheKneeAHigherCostAtPartialLoadPredictsLessThanTheSaturatedCostAlone() {
        CpuDemand saturatedOnly = new CpuDemand("1 CPU", 1, 0.002, Bottleneck.CPU);
        CpuDemand dependent = saturatedOnly.dependingOnLoad(new CpuDemand.LoadDependence(0.003, 0.2, 1.0));
        CellDemand knee = new CellDemand(List.of(dependent), null, 0.44, null, 0, null, 220, 0.44, 0);
        CellDemand flat = new CellDemand(List.of(saturatedOnly), null, 0.44, null, 0, null, 220, 0.44, 0);

        assertThat(QueueingModel.predict(knee).throughput()).isLessThan(QueueingModel.predict(flat).throughput());
        // far below the knee the users' bound holds either way
        CellDemand few = new CellDemand(List.of(dependent), null, 0.44, null, 0, null, 20, 0.44, 0);
        assertThat(QueueingModel.predict(few).throughput()).isCloseTo(20 / 0.44, within(20 / 0.44 * 0.01));
    }

    @Test
    void theCostStaysBetweenTheTwoMeasuredPoints() {
        assertThat(LOAD_DEPENDENT.secondsPerRequestAt(0.5)).isCloseTo(0.15, within(1e-12));
        assertThat(LOAD_DEPENDENT.secondsPerRequestAt(1.4)).isEqualTo(0.1);
        CpuDemand measuredFromAFifth = LOAD_DEPENDENT.dependingOnLoad(new CpuDemand.LoadDependence(0.2, 0.2, 0.9));
        assertThat(measuredFromAFifth.secondsPerRequestAt(0.1)).isCloseTo(0.2, within(1e-12));
        assertThat(measuredFromAFifth.secondsPerRequestAt(0.55)).isCloseTo(0.15, within(1e-12));
        assertThat(new CpuDemand("1 CPU", 1, 0.1, Bottleneck.CPU).secondsPerRequestAt(0.5)).as("no dependence measured").isEqualTo(0.1);
    }
}
