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
}
