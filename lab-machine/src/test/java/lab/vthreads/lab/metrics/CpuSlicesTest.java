package lab.vthreads.lab.metrics;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A CPU's slices are counted saturated only when it never idled in them, each CPU on its own, from /proc/stat. */
class CpuSlicesTest {

    @TempDir
    Path proc;

    @Test
    void aSliceIsSaturatedOnlyWhenItsCpuNeverIdled() throws IOException {
        // Counters in ticks: user nice system idle iowait irq softirq steal. CPU 0 busy throughout every slice; CPU 1
        // busy throughout the first two, idle for one tick of the third, idle throughout the fourth.
        stat(0, 0, 0, 0);
        CpuSlices slices = CpuSlices.unscheduled(new ProcStats(proc));
        stat(5, 0, 5, 0);
        slices.read();
        stat(10, 0, 10, 0);
        slices.read();
        stat(15, 0, 14, 1);
        slices.read();
        stat(20, 0, 14, 6);
        slices.read();

        assertThat(slices.take()).isEqualTo(Map.of(0, 1.0, 1, 0.5));
    }

    @Test
    void eachTakeCountsAnewAndASliceWithNoTimeCountedIsNone() throws IOException {
        stat(0, 0, 0, 0);
        CpuSlices slices = CpuSlices.unscheduled(new ProcStats(proc));
        stat(5, 0, 0, 5);
        slices.read();
        assertThat(slices.take()).isEqualTo(Map.of(0, 1.0, 1, 0.0));

        // No tick passed on either CPU: no slice, so nothing to share out.
        slices.read();
        assertThat(slices.take()).isEmpty();
        stat(5, 5, 5, 5);
        slices.read();
        assertThat(slices.take()).isEqualTo(Map.of(0, 0.0, 1, 1.0));
    }

    @Test
    void withoutProcItReadsNothing() {
        try (CpuSlices slices = CpuSlices.start(new ProcStats(proc.resolve("absent")))) {
            assertThat(slices.take()).isEmpty();
        }
    }

    /** /proc/stat with two CPUs: each one's busy (user) and idle ticks so far; the machine's line their sum. */
    private void stat(long busy0, long idle0, long busy1, long idle1) throws IOException {
        Files.writeString(proc.resolve("stat"), String.join("\n",
                line("cpu ", busy0 + busy1, idle0 + idle1), line("cpu0", busy0, idle0), line("cpu1", busy1, idle1), "intr 0", ""));
    }

    private static String line(String name, long busy, long idle) {
        return name + " " + busy + " 0 0 " + idle + " 0 0 0 0 0 0";
    }
}
