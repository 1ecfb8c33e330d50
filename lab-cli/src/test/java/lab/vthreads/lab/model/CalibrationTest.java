package lab.vthreads.lab.model;

import org.junit.jupiter.api.Test;

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
        Calibration c = Calibration.of(2, LOW, HIGH, SATURATED);

        // pessoa (0.22 − 0.10) ÷ 60 = 2 ms, gateway (0.12 − 0.06) ÷ 60 = 1 ms; at no load 0.10 − 0.06 + 0.06 − 0.03 = 0.07 cores
        assertThat(c.cpuMsPerRequest().get("pessoa-service")).isCloseTo(2.0, within(1e-9));
        assertThat(c.cpuMsPerRequest().get("gateway-service")).isCloseTo(1.0, within(1e-9));
        assertThat(c.backgroundCores()).isCloseTo(0.07, within(1e-9));
        // the CPU bound comes from the saturated run: 2 cores ÷ 2.4 ms = 833 req/s, not 2 ÷ 3 ms from the low-load slope
        assertThat(c.saturatedCpuMsPerRequest()).isCloseTo(2.4, within(1e-9));
        assertThat(c.cpuBound()).isCloseTo(800 / 0.96, within(1e-6));
        assertThat(c.demand(null, 10, false, null, 50, 0, 0).cpuSecondsPerRequest()).isCloseTo(0.0024, within(1e-12));
        // the rest comes from the low rate, where nothing queues
        assertThat(c.responseMs()).isEqualTo(6.0);
        assertThat(c.connectionHoldMs()).isEqualTo(5.0);
    }

    @Test
    void buildsACellsDemandFromTheFactors() {
        Calibration c = Calibration.of(2, LOW, HIGH, SATURATED);

        CellDemand outside = c.demand(200, 10, false, null, 1000, 217, 0);
        CellDemand inside = c.demand(null, 10, true, 10, 1000, 217, 0);

        // response 6 ms + 2 lookups × 217 ms = 440 ms; the connection is held 5 ms, or 5 + 434 ms inside
        assertThat(outside.responseSeconds()).isCloseTo(0.440, within(1e-9));
        assertThat(outside.threadHoldSeconds()).isCloseTo(0.440, within(1e-9));
        assertThat(outside.connectionHoldSeconds()).isCloseTo(0.005, within(1e-9));
        assertThat(inside.connectionHoldSeconds()).isCloseTo(0.439, within(1e-9));
        assertThat(inside.tomcatThreads()).isNull();
        assertThat(inside.concurrencyLimit()).isEqualTo(10);
    }

    @Test
    void anEndpointThatTakesNoConnectionHasNoPoolBound() {
        Calibration.Run low = new Calibration.Run(20, 30, Map.of("pessoa-service", 0.2), 5, 0, 0.01, 1, 0.1);
        Calibration.Run high = new Calibration.Run(20, 90, Map.of("pessoa-service", 0.5), 5, 0, 0.01, 1, 0.3);

        assertThat(Calibration.of(2, low, high, SATURATED).demand(null, 10, false, null, 50, 0, 0).poolSize()).isNull();
    }

    @Test
    void refusesAHigherRateThatServedNoMore() {
        assertThatIllegalStateException().isThrownBy(() -> Calibration.of(2, HIGH, LOW, SATURATED)).withMessageContaining("too busy");
    }
}
