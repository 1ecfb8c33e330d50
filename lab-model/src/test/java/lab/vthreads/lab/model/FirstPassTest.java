package lab.vthreads.lab.model;

import org.junit.jupiter.api.Test;

import java.util.PriorityQueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The start of a closed workload, against answers worked by hand and against a queue simulated request by request. */
class FirstPassTest {

    @Test
    void usersArrivingAllAtOnceWaitAsLongAsTheLoadHasRun() {
        // No ramp: every first request joined at 0, so the one completing at t waited t. Mean over 10..30 s: 20 s.
        FirstPass start = new FirstPass(1000, 0, 0, 20, 0.05);

        assertThat(start.responseAt(12)).isCloseTo(12, within(1e-6));
        assertThat(start.meanOver(10, 30)).isCloseTo(20, within(1e-3));
    }

    @Test
    void aRampShortensTheWaitsByTheUsersNotYetArrivedAndTheReturningOnesLengthenThem() {
        // 1000 users over 10 s (100 a second), served at 25 a second, 0.5 s unqueued, no think time. L = t − 0.5 s in, 25·L
        // are served; the requests that joined by a number 100·a + 25·(a − 0.5), so the one completing joined at
        // a = 0.2·L + 0.1 and waited 0.8·L + 0.4.
        FirstPass start = new FirstPass(1000, 10, 0, 25, 0.5);

        assertThat(start.responseAt(20.5)).isCloseTo(0.8 * 20 + 0.4, within(1e-6));
        assertThat(start.meanOver(10.5, 30.5)).isCloseTo(0.8 * 20 + 0.4, within(1e-3));
    }

    @Test
    void onceEveryUsersFirstRequestIsThroughTheResponseIsTheSteadyOneOfLittlesLaw() {
        // 100 users over 1 s, 50 a second served, think 0.5 s, 0.1 s unqueued: steady N ÷ X − Z = 1.5 s, from L = 2.4 s on.
        // Before: 0.5·L + 0.1 while only first requests join (L < 1.2), then 2·L ÷ 3 − 0.1.
        FirstPass start = new FirstPass(100, 1, 0.5, 50, 0.1);

        assertThat(start.responseAt(3)).isCloseTo(1.5, within(1e-6));
        assertThat(start.meanOver(5, 15)).isCloseTo(1.5, within(1e-6));
        assertThat(start.responseAt(1.1)).isCloseTo(0.6, within(1e-6));
        // over L = 0..4: (0.48 + 1.32 + 2.4) ÷ 4
        assertThat(start.meanOver(0.1, 4.1)).isCloseTo(1.05, within(1e-3));
    }

    @Test
    void itAgreesWithAFirstComeFirstServedQueueSimulatedRequestByRequest() {
        // 1000 users ramped over 5 s, thinking 0.2 s, one server of 40 ms (25 a second, as a pool of 10 held 0.4 s serves):
        // the window 10..30 s holds the start only; 10..90 s the start and the steady state after it.
        int users = 1000;
        double ramp = 5, service = 0.04, think = 0.2;
        FirstPass fluid = new FirstPass(users, ramp, think, 1 / service, service);

        double start = simulatedMean(users, ramp, service, think, 10, 30);
        assertThat(fluid.meanOver(10, 30)).isCloseTo(start, within(0.01 * start));
        double both = simulatedMean(users, ramp, service, think, 10, 90);
        assertThat(fluid.meanOver(10, 90)).isCloseTo(both, within(0.02 * both));
    }

    @Test
    void aServerThatKeepsUpWithTheArrivalsQueuesNothing() {
        // 100 users over 10 s who think 5 s, a bottleneck of 50 a second: the first second's 10 requests wait nothing.
        assertThat(new FirstPass(100, 10, 5, 50, 0.02).responseAt(1)).isCloseTo(0.02, within(1e-6));
    }

    @Test
    void aWindowOfNoLengthIsRefused() {
        assertThatThrownBy(() -> new FirstPass(10, 1, 0, 5, 0.1).meanOver(3, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    /** One server, first come first served, a fixed service time; each user's next request arrives its think time after. */
    private static double simulatedMean(int users, double ramp, double service, double think, double from, double to) {
        PriorityQueue<double[]> arrivals = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        for (int i = 1; i <= users; i++) arrivals.add(new double[] {ramp * i / users});
        double free = 0, sum = 0;
        int counted = 0;
        while (!arrivals.isEmpty()) {
            double arrived = arrivals.poll()[0];
            double done = Math.max(arrived, free) + service;
            free = done;
            if (done > to) break;
            if (done >= from) {
                sum += done - arrived;
                counted++;
            }
            arrivals.add(new double[] {done + think});
        }
        return sum / counted;
    }
}
