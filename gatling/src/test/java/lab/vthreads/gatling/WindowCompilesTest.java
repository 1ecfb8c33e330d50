package lab.vthreads.gatling;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The load generator's compile time in the window: what its clock read at the window's end less what it read at the start. */
class WindowCompilesTest {

    @Test
    void theWindowsCompileTimeIsTheClocksGrowthBetweenItsEdges() throws InterruptedException {
        long[] readings = {1_200, 1_450};
        AtomicInteger reads = new AtomicInteger();
        CountDownLatch bothRead = new CountDownLatch(2);
        WindowCompiles compiles = new WindowCompiles(() -> {
            long reading = readings[reads.getAndIncrement()];
            bothRead.countDown();
            return reading;
        });
        assertThat(compiles.inWindow()).as("before the window").isNull();

        compiles.watch(0, 20);

        assertThat(bothRead.await(30, TimeUnit.SECONDS)).isTrue();
        // The second reading is stored after the latch counts down: wait for the clock's own thread to store it.
        for (int i = 0; i < 3_000 && compiles.inWindow() == null; i++) Thread.sleep(10);
        assertThat(compiles.inWindow()).isEqualTo(250L);
    }

    @Test
    void aJvmWithoutACompileClockRecordsNothing() {
        WindowCompiles compiles = new WindowCompiles(null);
        compiles.watch(0, 0);
        assertThat(compiles.inWindow()).isNull();
    }
}
