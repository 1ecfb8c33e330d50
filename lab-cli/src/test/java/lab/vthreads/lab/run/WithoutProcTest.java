package lab.vthreads.lab.run;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.metrics.ProcStats;
import lab.vthreads.lab.model.CapacityModel;
import lab.vthreads.lab.model.CellDemand;
import lab.vthreads.lab.model.Prediction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run on a system with no /proc (macOS, Windows), simulated by pointing the sampler at a folder that has none:
 * what could not be measured is absent, never 0, and the model says which bound it could not compute.
 */
class WithoutProcTest {

    @TempDir
    Path empty;

    @Test
    void aFolderWithoutStatIsNoProc() {
        assertThat(new ProcStats(empty).available()).isFalse();
        assertThat(new ProcStats(empty).cpuSeconds(java.util.List.of(ProcessHandle.current()))).isNaN();
        assertThat(new ProcStats(empty).machine()).isNull();
        // this machine's, for contrast (the lab's CI runs on Linux)
        assertThat(lab.vthreads.lab.metrics.SystemStats.SYSTEM.available()).isTrue();
        assertThat(lab.vthreads.lab.metrics.SystemStats.SYSTEM.cpuSeconds(java.util.List.of(ProcessHandle.current()))).isPositive();
    }

    @Test
    void withoutProcTheLabAsksOshi() {
        lab.vthreads.lab.metrics.SystemStats chosen = lab.vthreads.lab.metrics.SystemStats.choose(new ProcStats(empty));
        assertThat(chosen).isInstanceOf(lab.vthreads.lab.metrics.OshiStats.class);
        assertThat(chosen.available()).isTrue();
        assertThat(chosen.source()).startsWith("OSHI (");
        assertThat(chosen.cpuSeconds(java.util.List.of(ProcessHandle.current()))).isPositive();
        // with /proc there, /proc it is
        assertThat(lab.vthreads.lab.metrics.SystemStats.choose(new ProcStats(Path.of("/proc")))).isInstanceOf(ProcStats.class);
    }

    @Test
    @Timeout(30)
    void theSamplesAndTheRunLeaveOutWhatNothingMeasured() throws Exception {
        String readable = "jvm_threads_live_threads 12\n";
        Sampler sampler;
        try (ManagementEndpoint management = ManagementEndpoint.serving(readable, 0, readable)) {
            sampler = new Sampler(management.url(), management.url(), SampleNames.APPLICATION, lab.vthreads.lab.stack.RunProcesses.NONE, line -> { }, new ProcStats(empty), component -> java.util.OptionalDouble.empty());
            try {
                while (sampler.sampling().taken() < 3) Thread.sleep(100);
            } finally {
                sampler.close();
            }
        }
        assertThat(sampler.sampling().dropped()).isZero();
        assertThat(sampler.samples()).isNotEmpty().allSatisfy(s -> assertThat(s)
                .doesNotContainKeys(SampleKeys.MACHINE_BUSY, SampleKeys.STEAL, SampleKeys.cpu(Sampler.LAB), SampleKeys.rssMb(Sampler.LAB))
                .containsKey(SampleKeys.ServiceValue.LIVE_THREADS.of(SampleNames.APPLICATION.server())));

        ExperimentResults.RepeatResult run = Measurements.repeat(1, 1, noHoldWindow(), sampler, Set.of(Sampler.LAB), null, 0.05);
        assertThat(run.processes()).doesNotContainKey(Sampler.LAB);
        assertThat(run.machine()).isNull();
        assertThat(run.stealFlagged()).isFalse();
        // The run started when its samples' seconds start, not when it was written up (seconds later, after the sampling).
        assertThat(java.time.Instant.parse(run.startedAt())).isEqualTo(java.time.Instant.ofEpochMilli(sampler.startEpochMs()));
    }

    @Test
    void theModelNamesTheCpuAsNotBoundedInsteadOfFree() {
        // the calibration measured no CPU: 0 s per request, which as a bound would be cores ÷ 0
        Prediction p = CapacityModel.predict(new CellDemand(2, 0, 25, 0.45, 10, 0.005, null, 200, 0.45, 0));
        assertThat(p.bounds()).noneMatch(b -> Double.isInfinite(b.throughput()));
        assertThat(p.notMeasured()).singleElement().asString().contains("CPU per request not measured");
        assertThat(p.throughput()).isCloseTo(25 / 0.45, org.assertj.core.api.Assertions.within(1e-9));
    }

    private static ClientResult noHoldWindow() {
        return new ClientResult(0, 0, 0, 0, new ClientResult.Latency(0, 0, 0, 0, 0), Map.of(), 0, 0, true, 0, 0.0, null, null,
                new ClientResult.Latency(0, 0, 0, 0, 0), 0L, 0L, 0.0);
    }
}
