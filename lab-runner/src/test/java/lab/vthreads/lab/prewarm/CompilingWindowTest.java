package lab.vthreads.lab.prewarm;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.SpringBootJar;
import lab.vthreads.lab.metrics.Window;
import lab.vthreads.lab.stack.SystemUnderTest;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CompilingWindowTest {

    @Test
    void aWindowIsMeasuredAgainOnlyWhenTheServicesCompiledTogetherForMoreThanThePrewarmsSettledShare() {
        assertThat(CompilingWindow.RERUN_ABOVE).isEqualTo(lab.vthreads.lab.measured.ExperimentResults.Prewarmed.SETTLED_SHARE);
        assertThat(CompilingWindow.compiling(shares(0.02, 0.275), CompilingWindow.RERUN_ABOVE)).isTrue();
        assertThat(CompilingWindow.compiling(shares(0.144, 0.01), CompilingWindow.RERUN_ABOVE)).isTrue();
        // Each under the share, together over it: both compilers took the same CPUs from the window's requests.
        assertThat(CompilingWindow.compiling(shares(0.034, 0.030), CompilingWindow.RERUN_ABOVE)).isTrue();
        assertThat(CompilingWindow.compiling(shares(0.01, 0.02), CompilingWindow.RERUN_ABOVE)).isFalse();
        // At the share itself the window is as settled as a prewarm that stops there.
        assertThat(CompilingWindow.compiling(shares(0.025, 0.025), CompilingWindow.RERUN_ABOVE)).isFalse();
        // A share not measured says nothing either way.
        assertThat(CompilingWindow.compiling(shares(Double.NaN, null), CompilingWindow.RERUN_ABOVE)).isFalse();
        assertThat(CompilingWindow.compiling(shares(Double.NaN, 0.3), CompilingWindow.RERUN_ABOVE)).isTrue();
        assertThat(CompilingWindow.compiling(shares(5.0, 5.0), CompilingWindow.NEVER)).isFalse();
        assertThat(CompilingWindow.compiling(shares(0.0, 0.0), -1)).isTrue();
    }

    @Test
    void theSharesAreEachServicesCompileTimeInTheHoldWindowOnly() {
        // pessoa-service compiles 1 s in the 20 s window, gateway-service 5.5 s; what they compiled before it does not count.
        List<Map<String, Double>> samples = List.of(sample(5, 1000, 2000), sample(10, 40_000, 40_000), sample(30, 41_000, 45_500),
                sample(35, 50_000, 50_000));
        ExperimentResults.RepeatResult run = new ExperimentResults.RepeatResult(1, "2026-11-27T22:00:00Z", null, null, Map.of(), null, samples,
                null, false, 1, new Window(10, 30));

        Map<String, Double> lab = CompilingWindow.shares(run, SystemUnderTest.of(ThreadMode.VIRTUAL, null));
        assertThat(lab).containsOnlyKeys("pessoa-service", "gateway-service");
        assertThat(lab.get("pessoa-service")).isCloseTo(0.05, within(1e-9));
        assertThat(lab.get("gateway-service")).isCloseTo(0.275, within(1e-9));
        // A user's application is one JVM, read under its own name: app.jitMs.
        Application app = new Application(new SpringBootJar(Path.of("/apps/shop.jar"), "4.0.3", "org.example.Shop", true), Map.of(), Map.of(), null,
                true, null, null);
        List<Map<String, Double>> itsOwn = samples.stream().map(s -> {
            Map<String, Double> renamed = new HashMap<>(Map.of("t", s.get("t"), "app.jitMs", s.get("pessoa.jitMs")));
            return renamed;
        }).toList();
        ExperimentResults.RepeatResult appRun = new ExperimentResults.RepeatResult(1, "2026-11-27T22:00:00Z", null, null, Map.of(), null, itsOwn,
                null, false, 1, new Window(10, 30));
        assertThat(CompilingWindow.shares(appRun, SystemUnderTest.of(ThreadMode.VIRTUAL, app))).containsOnlyKeys("app").containsEntry("app", lab.get("pessoa-service"));
        // Not under the lab's names: those are a run of the lab's services.
        assertThat(CompilingWindow.shares(run, SystemUnderTest.of(ThreadMode.VIRTUAL, app)).get("app")).isNaN();
    }

    private static Map<String, Double> sample(double t, double pessoaJitMs, double gatewayJitMs) {
        Map<String, Double> sample = new HashMap<>();
        sample.put("t", t);
        sample.put("pessoa.jitMs", pessoaJitMs);
        sample.put("gateway.jitMs", gatewayJitMs);
        return sample;
    }

    private static Map<String, Double> shares(Double pessoa, Double gateway) {
        Map<String, Double> shares = new LinkedHashMap<>();
        shares.put("pessoa-service", pessoa);
        shares.put("gateway-service", gateway);
        return shares;
    }
}
