package lab.vthreads.lab.metrics;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class SpeedProbeTest {

    @Test
    void totalsAreReadOnlyFromACompleteLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("totals");
        assertThat(SpeedProbe.Totals.read(file)).isEmpty();

        Files.writeString(file, "12 34");
        assertThat(SpeedProbe.Totals.read(file)).isEmpty();

        Files.writeString(file, "12 34000000\n");
        assertThat(SpeedProbe.Totals.read(file)).contains(new SpeedProbe.Totals(12, 34_000_000));
    }

    @Test
    void aWindowsTimePerPassIsTheCpuTimesGrowthOverThePassesGrowth() {
        java.util.List<java.util.Map<String, Double>> samples = java.util.List.of(
                java.util.Map.of(SampleKeys.TIME, 1.0, SampleKeys.SPEED_PASSES, 10.0, SampleKeys.SPEED_CPU_MS, 30.0),
                java.util.Map.of(SampleKeys.TIME, 2.0, SampleKeys.SPEED_PASSES, 12.0, SampleKeys.SPEED_CPU_MS, 36.0),
                java.util.Map.of(SampleKeys.TIME, 3.0, SampleKeys.SPEED_PASSES, 14.0, SampleKeys.SPEED_CPU_MS, 42.0));

        assertThat(SampleKeys.speedProbeMs(new Window(1, 3), samples)).isEqualTo(3.0);
        // No pass ended inside it: no speed, not zero.
        assertThat(SampleKeys.speedProbeMs(new Window(1.5, 1.9), samples)).isNull();
    }

    @Test
    @Timeout(60)
    void itTimesItsPassesUntilTheProcessThatStartedItEnds(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("totals");
        Process owner = new ProcessBuilder("sleep", "3").start();
        Thread probe = Thread.ofPlatform().start(() -> {
            try {
                SpeedProbe.main(new String[] {file.toString(), Long.toString(owner.pid())});
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        probe.join();

        // It returned by itself once its owner was gone, having timed a few passes of a few milliseconds each.
        assertThat(owner.isAlive()).isFalse();
        SpeedProbe.Totals totals = SpeedProbe.Totals.read(file).orElseThrow();
        assertThat(totals.passes()).isPositive();
        assertThat(totals.cpuNanos()).isPositive();
    }
}
