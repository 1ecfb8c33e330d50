package lab.vthreads.lab.report;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.metrics.Window;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The model's evidence says how long the collectors stopped the services in the window, from their cumulative pauses. */
class GcPausesTest {

    /** One service in both places, named as these samples name it: an application's run as files before schema 18 held it. */
    private static final SampleNames ALONE = new SampleNames("pessoa", "pessoa");

    @Test
    void eachServicesPausesInTheWindowAreAShareOfIt() {
        // pessoa-service paused 200 ms in the 20 s window (what it paused before it does not count), the gateway 40 ms.
        ExperimentResults.RepeatResult run = run(List.of(sample(5, 0.0, 0.0), sample(10, 100.0, 50.0), sample(30, 300.0, 90.0), sample(35, 900.0, 900.0)));

        assertThat(ModelRows.gcPauses(run, SampleNames.LABS_OWN)).isEqualTo("; GC paused the services 1.0% / 0.2% of the window");
        assertThat(ModelRows.gcPauses(run, ALONE)).isEqualTo("; GC paused the application 1.0% of the window");
    }

    @Test
    void theCollectorThreadsCpuInTheWindowIsAShareOfACpu() {
        // pessoa-service's collector threads used 1,600 ms of CPU in the 20 s window: 8% of a CPU.
        List<Map<String, Double>> samples = List.of(sample(10, 100.0, 50.0), sample(30, 300.0, 90.0));
        samples.get(0).put("pessoa.gcCpuMs", 400.0);
        samples.get(1).put("pessoa.gcCpuMs", 2_000.0);

        assertThat(ModelRows.gcPauses(run(samples), ALONE))
                .isEqualTo("; GC paused the application 1.0% of the window, its collector threads used 8.0% of a CPU");
        assertThat(ModelRows.gcPauses(run(samples), SampleNames.LABS_OWN))
                .isEqualTo("; GC paused the services 1.0% / 0.2% of the window, their collector threads used 8.0% / – of a CPU");
    }

    @Test
    void runsRecordedBeforeThePausesWereReadSayNothing() {
        ExperimentResults.RepeatResult run = run(List.of(sample(10, null, null), sample(30, null, null)));

        assertThat(ModelRows.gcPauses(run, SampleNames.LABS_OWN)).isEmpty();
    }

    private static ExperimentResults.RepeatResult run(List<Map<String, Double>> samples) {
        return new ExperimentResults.RepeatResult(1, "2026-11-29T02:00:00Z", null, null, Map.of(), null, samples, null, false, 1, new Window(10, 30));
    }

    private static Map<String, Double> sample(double t, Double pessoaMs, Double gatewayMs) {
        Map<String, Double> sample = new HashMap<>();
        sample.put("t", t);
        if (pessoaMs != null) sample.put("pessoa.gcPauseMs", pessoaMs);
        if (gatewayMs != null) sample.put("gateway.gcPauseMs", gatewayMs);
        return sample;
    }
}
