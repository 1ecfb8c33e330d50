package lab.vthreads.lab.load;

import lab.vthreads.lab.process.ManagedProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

class LoadStartTest {

    @TempDir
    Path dir;

    private final List<ManagedProcess> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(p -> p.stop(0));
    }

    private ManagedProcess shell(String name, String script) {
        ManagedProcess p = ManagedProcess.start(name, List.of("sh", "-c", script), Map.of(), dir.resolve(name + ".log"));
        started.add(p);
        return p;
    }

    @Test
    void theLoadStartsWhenTheSimulationSaysSoNotWhenItsJvmDoes() {
        ManagedProcess generator = shell("gatling", "echo 'Simulation started...'; sleep 1; echo 'Lab load started at epoch ms 1796496162110'; sleep 30");

        assertThat(LoadStart.await(generator, Duration.ofSeconds(20))).hasValue(1796496162110L);
    }

    @Test
    void aLoadGeneratorThatEndsWithoutStartingItsLoadIsNotWaitedForUntilTheBound() {
        ManagedProcess generator = shell("gatling", "echo 'Simulation failed'; exit 1");

        assertThat(LoadStart.await(generator, Duration.ofMinutes(5))).isEmpty();
        assertThat(generator.isAlive()).isFalse();
    }

    @Test
    void aLineWrittenJustBeforeTheLoadGeneratorEndedStillCounts() throws Exception {
        ManagedProcess generator = shell("gatling", "echo 'Lab load started at epoch ms 42'");
        generator.process().waitFor();

        assertThat(LoadStart.await(generator, Duration.ofSeconds(5))).hasValue(42L);
    }

    @Test
    void aLoadThatHasNotStartedByTheBoundIsEmpty() {
        ManagedProcess generator = shell("gatling", "echo 'Simulation started...'; sleep 30");

        assertThat(LoadStart.await(generator, Duration.ofMillis(300))).isEmpty();
        assertThat(generator.isAlive()).isTrue();
    }

    @Test
    void theLineIsFoundAmongTheOthers() {
        assertThat(LoadStart.in("lab: the load generator starts from the AOT cache x.aot\nLab load started at epoch ms 7\nSimulation ...")).hasValue(7L);
        assertThat(LoadStart.in("Lab load started at epoch ms \n")).isEqualTo(OptionalLong.empty());
    }
}
