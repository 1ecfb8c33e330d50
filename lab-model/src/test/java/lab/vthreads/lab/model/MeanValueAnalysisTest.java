package lab.vthreads.lab.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The solver against closed networks whose answers are known in closed form or worked by hand. */
class MeanValueAnalysisTest {

    @Test
    void aSingleQueueServesOneRequestPerDemandWhateverThePopulationAndTheRestWait() {
        List<MeanValueAnalysis.Solution> s = MeanValueAnalysis.solve(List.of(Station.queue("cpu", 0.1)), 5);

        // X = 1 ÷ D at every population; R = N·D (everyone queues behind everyone)
        assertThat(s).extracting(MeanValueAnalysis.Solution::throughput).allSatisfy(x -> assertThat(x).isCloseTo(10, within(1e-9)));
        assertThat(s.get(4).response()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void balancedStationsFollowTheClosedFormNOverNPlusKMinusOneTimesD() {
        List<Station> three = List.of(Station.queue("a", 0.1), Station.queue("b", 0.1), Station.queue("c", 0.1));

        // Balanced job bounds are exact for balanced networks: X(N) = N ÷ ((N + K − 1)·D)
        List<MeanValueAnalysis.Solution> s = MeanValueAnalysis.solve(three, 4);
        assertThat(s.get(0).throughput()).isCloseTo(1 / 0.3, within(1e-9));
        assertThat(s.get(3).throughput()).isCloseTo(4 / (6 * 0.1), within(1e-9));
        assertThat(s.get(3).response()).isCloseTo(0.6, within(1e-9));
    }

    @Test
    void aDelayInFrontOfAQueueIsTheMachineRepairmanModel() {
        // Two users thinking 1 s, one server of 0.5 s. Birth-death: p1 = p0·(2·1)/2 = p0, p2 = p1·1/2, so p0 = 0.4 and
        // X = (1 − p0) ÷ 0.5 = 1.2 req/s; R = N ÷ X − Z = 2 ÷ 1.2 − 1.
        MeanValueAnalysis.Solution s = MeanValueAnalysis.solveLimited(List.of(Station.queue("server", 0.5)), 2, 1, Integer.MAX_VALUE);
        assertThat(s.throughput()).isCloseTo(1.2, within(1e-9));
        assertThat(s.response()).isCloseTo(2 / 1.2 - 1, within(1e-9));

        // The same network with the think time as one of its delay stations, through MVA's own recursion
        List<MeanValueAnalysis.Solution> mva = MeanValueAnalysis.solve(List.of(Station.delay("think", 1), Station.queue("server", 0.5)), 2);
        assertThat(mva.get(1).throughput()).isCloseTo(1.2, within(1e-9));
    }

    @Test
    void aPopulationLimitAdmitsOnlyThatManyRequestsAndTheOthersQueueInFrontOfIt() {
        // Two users thinking 1 s; inside, a delay of 1 s, but only one request at a time (one thread). States 0, 1, 2 in
        // front of a server at rate 1: p1 = 2·p0, p2 = p1, so p0 = 0.2 and X = 1 − p0 = 0.8 req/s.
        MeanValueAnalysis.Solution s = MeanValueAnalysis.solveLimited(List.of(Station.delay("downstream", 1)), 2, 1, 1);
        assertThat(s.throughput()).isCloseTo(0.8, within(1e-9));
        assertThat(s.response()).isCloseTo(2 / 0.8 - 1, within(1e-9));

        // With no think time, every user is always in the system: the limit's population does the work, 4 ÷ 1 s.
        assertThat(MeanValueAnalysis.solveLimited(List.of(Station.delay("downstream", 1)), 10, 0, 4).throughput()).isCloseTo(4, within(1e-9));
        assertThat(MeanValueAnalysis.solveLimited(List.of(Station.delay("downstream", 1)), 10, 0, 4).response()).isCloseTo(2.5, within(1e-9));
    }

    @Test
    void aStationOfSeveralServersIsExactAtBothEnds() {
        Station pool = new Station("pool", 0.44, 10);

        List<MeanValueAnalysis.Solution> s = MeanValueAnalysis.solve(List.of(pool), 1000);
        assertThat(s.getFirst().response()).as("one request waits for no one").isCloseTo(0.44, within(1e-9));
        assertThat(s.getLast().throughput()).as("many keep every server busy: 10 ÷ 0.44 s").isCloseTo(10 / 0.44, within(1e-6));
        assertThat(s.get(4).throughput()).as("five requests, ten servers: none waits").isLessThanOrEqualTo(5 / 0.44);
    }

    @Test
    void aThousandUsersNearTheKneeStayFiniteAndBelowBothAsymptotes() {
        // 1000 users thinking 1 s in front of 0.5 ms of CPU: the asymptotes cross at 2002 users, far above; at 2100 users
        // the CPU is nearly saturated
        for (int users : new int[] {1000, 2002, 2100, 4000}) {
            MeanValueAnalysis.Solution s = MeanValueAnalysis.solveLimited(List.of(Station.queue("cpu", 0.0005)), users, 1, Integer.MAX_VALUE);
            assertThat(s.throughput()).isFinite().isLessThanOrEqualTo(Math.min(2000, users / 1.0005) + 1e-9);
            assertThat(s.response()).isGreaterThanOrEqualTo(0.0005 - 1e-12);
        }
        double atKnee = MeanValueAnalysis.solveLimited(List.of(Station.queue("cpu", 0.0005)), 2002, 1, Integer.MAX_VALUE).throughput();
        assertThat(atKnee).as("below the bound at the knee, where the queue forms").isLessThan(2000 * 0.99).isGreaterThan(2000 * 0.9);
        double farAbove = MeanValueAnalysis.solveLimited(List.of(Station.queue("cpu", 0.0005)), 4000, 1, Integer.MAX_VALUE).throughput();
        assertThat(farAbove).isCloseTo(2000, within(0.01));
    }

    @Test
    void aStationWithoutServersIsRefused() {
        assertThatThrownBy(() -> new Station("nothing", 0.1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MeanValueAnalysis.solveLimited(List.of(Station.queue("cpu", 0.1)), 0, 0, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
