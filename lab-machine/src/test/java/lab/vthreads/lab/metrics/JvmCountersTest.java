package lab.vthreads.lab.metrics;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The counters of real JVMs: this test's own, against what its management beans say, and one that publishes none. */
class JvmCountersTest {

    @Test
    void readsThisJvmsOwnCountersAsItsManagementBeansReportThem() {
        JvmCounters counters = JvmCounters.of(ProcessHandle.current().pid()).orElseThrow();

        long compiledBefore = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        JvmCounters.Reading reading = counters.read();
        long compiledAfter = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();

        // The bean reads the same counter, in whole milliseconds.
        assertThat(reading.compileMs()).isBetween(compiledBefore - 1.0, compiledAfter + 1.0).isPositive();
        assertThat(reading.liveThreads()).isPositive().isLessThanOrEqualTo(reading.peakThreads());
        assertThat(reading.heapUsedMb()).isPositive();
        assertThat(reading.loadedClasses()).isGreaterThan(1000);
        assertThat(reading.safepointMs()).isNotNaN();
        assertThat(counters.texts()).containsKey("java.property.java.vm.name");
    }

    @Test
    void aCollectionShowsAsAPauseAndAThreadAsALiveOne() throws Exception {
        JvmCounters counters = JvmCounters.of(ProcessHandle.current().pid()).orElseThrow();
        JvmCounters.Reading before = counters.read();
        var started = new java.util.concurrent.CountDownLatch(1);
        var release = new java.util.concurrent.CountDownLatch(1);
        Thread extra = Thread.ofPlatform().start(() -> {
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        started.await();
        System.gc();
        JvmCounters.Reading after = counters.read();
        release.countDown();
        extra.join();

        assertThat(after.gcPauseMs()).isGreaterThan(before.gcPauseMs());
        // The collector threads' CPU time is counted from JDK 22 on (JDK-8315149).
        if (Runtime.version().feature() >= 22) assertThat(after.gcCpuMs()).isGreaterThan(before.gcCpuMs());
        else assertThat(after.gcCpuMs()).isNaN();
        assertThat(after.safepointMs()).isGreaterThan(before.safepointMs());
        assertThat(after.peakThreads()).isGreaterThanOrEqualTo(before.liveThreads() + 1);
    }

    @Test
    void aJvmStartedWithoutPerformanceDataHasNone() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process quiet = new ProcessBuilder(java, "-XX:-UsePerfData", "-version").redirectErrorStream(true).start();
        try {
            // While it runs (or once it has gone) there is no file for its PID.
            assertThat(JvmCounters.of(quiet.pid())).isEmpty();
        } finally {
            quiet.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFileThatIsNotACountersFileIsNotRead(@TempDir Path tmp) throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("hsperfdata_someone"));
        Files.write(folder.resolve("4242"), new byte[64]);

        assertThat(JvmCounters.fileOf(4242, List.of(tmp))).contains(folder.resolve("4242"));
        assertThat(JvmCounters.open(folder.resolve("4242"))).isEmpty();
        assertThat(JvmCounters.fileOf(4243, List.of(tmp))).isEmpty();
    }
}
