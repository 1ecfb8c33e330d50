package lab.vthreads.lab.measured;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.metrics.Window;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Where the window's mean response went: each hop's timer over the window, less the next hop's. */
class ResponseHopsTest {

    @Test
    void eachHopIsItsTimersMeanLessTheNextHopsOverTheWindowOnly() {
        // In the 20 s window: 1,000 requests through the gateway in 330 s (330 ms each), 1,000 through pessoa-service in
        // 318 s, whose lookups took 305 s; before the window (t=5) and after it (t=35) the counts move too and do not count.
        ExperimentResults.RepeatResult run = run(347, List.of(sample(5, 0, 0, 0, 0, 0), sample(10, 100, 30, 100, 30, 29),
                sample(30, 1100, 360, 1100, 348, 334), sample(35, 9000, 9000, 9000, 9000, 9000)));

        ResponseHops hops = ResponseHops.of(run, SampleNames.LABS_OWN);

        assertThat(hops.gatewayMs()).isCloseTo(330, within(1e-9));
        assertThat(hops.serviceMs()).isCloseTo(318, within(1e-9));
        assertThat(hops.downstreamMs()).isCloseTo(305, within(1e-9));
        assertThat(hops.describe("pessoa-service", true))
                .isEqualTo("; the mean response's 347 ms: 17 before the gateway, 12 in it, 13 in pessoa-service, 305 in its CEP lookups");
    }

    @Test
    void anApplicationWithoutAGatewayIsOneHop() {
        ExperimentResults.RepeatResult run = run(120, List.of(sample(10, 0, 0, 0, 0, 0), sample(30, 0, 0, 200, 22, 0)));

        assertThat(ResponseHops.of(run, SampleNames.LABS_OWN).describe("the application", false)).isEqualTo("; the mean response's 120 ms: 10 before the application, 110 in it");
    }

    @Test
    void runsRecordedBeforeTheHopsWereReadSayNothing() {
        Map<String, Double> early = new HashMap<>(Map.of("t", 10.0, SampleNames.LABS_OWN.entryRequests(), 0.0, SampleNames.LABS_OWN.entryRequestSeconds(), 0.0));
        Map<String, Double> late = new HashMap<>(Map.of("t", 30.0, SampleNames.LABS_OWN.entryRequests(), 100.0, SampleNames.LABS_OWN.entryRequestSeconds(), 30.0));
        ResponseHops hops = ResponseHops.of(run(347, List.of(early, late)), SampleNames.LABS_OWN);

        assertThat(hops.serviceMs()).isNaN();
        assertThat(hops.describe("pessoa-service", true)).isEmpty();
    }

    private static ExperimentResults.RepeatResult run(double meanMs, List<Map<String, Double>> samples) {
        ClientResult client = new ClientResult(1000, 1000, 0, 50, new ClientResult.Latency(meanMs, meanMs, meanMs, meanMs, meanMs), Map.of(), 0, 0, true, 0, null);
        return new ExperimentResults.RepeatResult(1, "2026-11-29T05:00:00Z", client, null, Map.of(), null, samples, null, false, 1, new Window(10, 30));
    }

    private static Map<String, Double> sample(double t, double gatewayRequests, double gatewaySeconds, double pessoaRequests, double pessoaSeconds,
                                              double cepSeconds) {
        Map<String, Double> sample = new HashMap<>();
        sample.put("t", t);
        sample.put(SampleNames.LABS_OWN.entryRequests(), gatewayRequests);
        sample.put(SampleNames.LABS_OWN.entryRequestSeconds(), gatewaySeconds);
        sample.put(SampleNames.LABS_OWN.serverRequests(), pessoaRequests);
        sample.put(SampleNames.LABS_OWN.serverRequestSeconds(), pessoaSeconds);
        sample.put(SampleNames.LABS_OWN.cepSeconds(), cepSeconds);
        return sample;
    }
}
