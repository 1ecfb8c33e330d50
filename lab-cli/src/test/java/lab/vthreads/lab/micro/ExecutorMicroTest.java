package lab.vthreads.lab.micro;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The harness at a tiny size: what it runs and the floors it computes, not how fast this machine is. */
class ExecutorMicroTest {

    @Test
    void runsFourScenariosAndComputesTheirTheoreticalFloors() throws Exception {
        ExecutorMicro.Settings settings = new ExecutorMicro.Settings(100, 20, 10, 2, 100_000, 2, 1, Map.of("io-pool", 3255.0));

        ExecutorMicro.Result result = new ExecutorMicro(settings, 2).run();

        assertThat(result.scenarios()).extracting(ExecutorMicro.Scenario::name).containsExactly("io-pool", "io-virtual", "cpu-pool", "cpu-virtual");
        ExecutorMicro.Scenario ioPool = result.scenarios().get(0);
        // ⌈100 ÷ 10⌉ × 20 ms = 200 ms for the pool; one 20 ms sleep for virtual threads
        assertThat(ioPool.theoreticalMinMs()).isEqualTo(200);
        assertThat(result.scenarios().get(1).theoreticalMinMs()).isEqualTo(20);
        // 2 tasks per core on 2 cores: 2 rounds of one task's time, for both executors
        assertThat(result.scenarios().get(2).tasks()).isEqualTo(4);
        assertThat(result.scenarios().get(2).theoreticalMinMs()).isEqualTo(2 * result.singleCpuTaskMs());
        assertThat(result.scenarios().get(3).theoreticalMinMs()).isEqualTo(result.scenarios().get(2).theoreticalMinMs());
        assertThat(result.scenarios()).allSatisfy(s -> assertThat(s.runsMs()).hasSize(2).allMatch(ms -> ms > 0));
        assertThat(ioPool.publishedMs()).isEqualTo(3255.0);
        assertThat(result.scenarios().get(1).publishedMs()).isNull();
    }

    @Test
    void reportsPoolOverVirtualNextToThePublishedRatio() {
        ExecutorMicro.Result result = new ExecutorMicro.Result(2, 100, java.util.List.of(
                new ExecutorMicro.Scenario("io-pool", "pool", 10, 2600, 2500, 2700, 2500, "", 3255.0, java.util.List.of(2600.0)),
                new ExecutorMicro.Scenario("io-virtual", "virtual", 10, 100, 90, 110, 50, "", 506.0, java.util.List.of(100.0)),
                new ExecutorMicro.Scenario("cpu-pool", "pool", 4, 200, 200, 200, 200, "", null, java.util.List.of(200.0)),
                new ExecutorMicro.Scenario("cpu-virtual", "virtual", 4, 200, 200, 200, 200, "", null, java.util.List.of(200.0))));

        // 2600 ÷ 100 = 26×, published 3255 ÷ 506 = 6.43×; CPU 1.00×, nothing published
        assertThat(lab.vthreads.lab.report.MicroReport.ratios(result)).isEqualTo("Pool ÷ virtual threads: I/O 26.00× (published 6.43×); CPU 1.00×.");
    }

    @Test
    void refusesANonPositiveSetting() {
        assertThatIllegalArgumentException().isThrownBy(() -> new ExecutorMicro.Settings(0, 50, 200, 2, 1, 1, 1, null));
    }
}
