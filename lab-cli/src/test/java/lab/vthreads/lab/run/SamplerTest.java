package lab.vthreads.lab.run;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.metrics.SampleKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import lab.vthreads.lab.metrics.SystemStats;

import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sampler against a real management endpoint that answers what it is given: a second whose reading fails is
 * counted, with its error, instead of vanishing from the series.
 */
class SamplerTest {

    private static final String READABLE = "jvm_threads_live_threads 12\n";

    /** Samples until the sampler has tried {@code seconds} seconds; bounded by the test's timeout, not asserted on. */
    private static ExperimentResults.Sampling sample(String then, int seconds) throws InterruptedException {
        // The sampler's first scrape of each service, when it starts, gets a readable text.
        try (ManagementEndpoint management = ManagementEndpoint.serving(READABLE, 2, then);
             Sampler sampler = new Sampler(management.url(), management.url(), SampleNames.APPLICATION, lab.vthreads.lab.stack.RunProcesses.NONE, line -> { })) {
            while (sampler.sampling().taken() < seconds) Thread.sleep(100);
            return sampler.sampling();
        }
    }

    @Test
    @Timeout(30)
    void aScrapeThatCannotBeParsedIsCountedAsADroppedSecond() throws Exception {
        // A label set cut off before its closing brace: the parser's substring fails on it.
        ExperimentResults.Sampling sampling = sample("jvm_threads_live_threads{area=\"heap\" 12\n", 2);
        assertThat(sampling.dropped()).isEqualTo(sampling.taken()).isGreaterThanOrEqualTo(2);
        assertThat(sampling.firstError()).contains("StringIndexOutOfBoundsException");
        assertThat(sampling.thin()).isTrue();
    }

    @Test
    @Timeout(30)
    void aReadableScrapeDropsNothing() throws Exception {
        ExperimentResults.Sampling sampling = sample(READABLE, 2);
        assertThat(sampling.dropped()).isZero();
        assertThat(sampling.firstError()).isNull();
        assertThat(sampling.thin()).isFalse();
    }

    @Test
    @Timeout(30)
    void aComponentsCgroupCountIsPreferredToItsProcessesAndACountThatGoesAwayIsADroppedSecond() throws Exception {
        // The lab's own JVM, counted by a stand-in for its cgroup: 1,000 CPU seconds a reading, which no process of
        // this machine could show in /proc in a second, then no count at all.
        AtomicInteger readings = new AtomicInteger();
        Function<String, OptionalDouble> counted = component -> {
            if (!Sampler.LAB.equals(component)) return OptionalDouble.empty();
            int n = readings.getAndIncrement();
            return n < 3 ? OptionalDouble.of(1000.0 * n) : OptionalDouble.empty();
        };
        try (ManagementEndpoint management = ManagementEndpoint.serving(READABLE, 2, READABLE);
             Sampler sampler = new Sampler(management.url(), management.url(), SampleNames.APPLICATION, lab.vthreads.lab.stack.RunProcesses.NONE, line -> { }, SystemStats.SYSTEM, counted)) {
            while (sampler.sampling().taken() < 4) Thread.sleep(100);
            sampler.close();

            assertThat(sampler.countedByGroup()).containsExactly(Sampler.LAB);
            assertThat(sampler.samples().getFirst().get(SampleKeys.cpu(Sampler.LAB))).isGreaterThan(100);
            assertThat(sampler.sampling().dropped()).isGreaterThanOrEqualTo(1);
            assertThat(sampler.sampling().firstError()).contains("lab's cgroup no longer counts its CPU");
        }
    }

    @Test
    @Timeout(60)
    void theSpeedProbesTotalsAreSampledAsCountersWhoseGrowthIsItsTimePerPass(@TempDir Path dir) throws Exception {
        Path totals = dir.resolve("speed-probe.totals");
        Process probe = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                lab.vthreads.lab.metrics.SpeedProbe.class.getName(), totals.toString(), Long.toString(ProcessHandle.current().pid())).start();
        try (ManagementEndpoint management = ManagementEndpoint.serving(READABLE, 2, READABLE);
             Sampler sampler = new Sampler(management.url(), management.url(), SampleNames.APPLICATION, lab.vthreads.lab.stack.RunProcesses.NONE,
                     line -> { }, SystemStats.SYSTEM, component -> OptionalDouble.empty(), null,
                     () -> lab.vthreads.lab.metrics.SpeedProbe.Totals.read(totals))) {
            while (sampler.samples().stream().filter(s -> s.containsKey(SampleKeys.SPEED_PASSES)).count() < 3) Thread.sleep(100);
            sampler.close();

            var samples = sampler.samples();
            double last = samples.getLast().get(SampleKeys.TIME);
            Double ms = SampleKeys.speedProbeMs(new lab.vthreads.lab.metrics.Window(0, last), samples);
            assertThat(ms).isPositive().isLessThan(1000);
        } finally {
            probe.destroy();
        }
    }

    @Test
    void moreThanFivePercentDroppedIsThin() {
        assertThat(new ExperimentResults.Sampling(40, 2, "x").thin()).isFalse();
        assertThat(new ExperimentResults.Sampling(40, 3, "x").thin()).isTrue();
        assertThat(new ExperimentResults.Sampling(0, 0, null).thin()).isFalse();
    }
}
