package lab.vthreads.lab.report;

import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static lab.vthreads.lab.report.FairnessFixtures.ISOLATED;
import static lab.vthreads.lab.report.FairnessFixtures.cell;
import static lab.vthreads.lab.report.FairnessFixtures.experiment;
import static lab.vthreads.lab.report.FairnessFixtures.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The interference check on pairs worked by hand. */
class InterferenceTest {

    @Test
    void aPairIsFairWhenWhatTheModeDoesNotChangeCostsTheSamePerRequest() {
        // gatling 0.30 cores at 150 req/s = 2.0 ms; virtual 0.33 at 160 = 2.06 ms: +3%
        var check = Interference.of(experiment(null,
                cell(ThreadMode.PLATFORM, false, repeat(1, 150, 100, Map.of("gatling", 0.30, "postgres", 0.15, "wiremock", 0.01), 0.4, 0.95)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 160, 100, Map.of("gatling", 0.33, "postgres", 0.16, "wiremock", 0.01), 0.4, 0.95))));

        Interference.Cost gatling = check.pairs().getFirst().costs().getFirst();
        assertThat(gatling.platformMs()).isCloseTo(2.0, within(1e-9));
        assertThat(gatling.virtualMs()).isCloseTo(2.0625, within(1e-9));
        assertThat(gatling.difference()).isCloseTo(0.03125, within(1e-9));
        assertThat(check.pairs().getFirst().fair()).isTrue();
        assertThat(check.fair()).isTrue();
    }

    @Test
    void moreThanTenPercentMoreCpuPerRequestInOneModeIsUnfair() {
        // the numbers: Gatling 1.13 ms per request with platform threads, 1.59 ms with virtual ones: +41%
        var check = Interference.of(experiment(null,
                cell(ThreadMode.PLATFORM, false, repeat(1, 200, 100, Map.of("gatling", 0.226, "postgres", 0.1, "wiremock", 0.0), 0.9, 0.9)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 130, 100, Map.of("gatling", 0.2067, "postgres", 0.065, "wiremock", 0.0), 0.9, 0.9))));

        Interference.Cost gatling = check.pairs().getFirst().costs().getFirst();
        assertThat(gatling.difference()).isCloseTo(1.59 / 1.13 - 1, within(0.01));
        assertThat(gatling.unfair()).isTrue();
        assertThat(check.fair()).isFalse();
    }

    @Test
    void onAPartitionedMachineOnlyWhatSharesTheServicesCpusIsJudged() {
        // gatling +41% but on the load side's own CPUs: shown, not judged; postgres, on the services' CPUs, +5%: fair
        var check = Interference.of(experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 200, 100, Map.of("gatling", 0.226, "postgres", 0.1), 0.5, 0.9)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 130, 100, Map.of("gatling", 0.2067, "postgres", 0.06825), 0.5, 0.9))));

        var costs = check.pairs().getFirst().costs();
        assertThat(costs.get(0).separated()).isTrue();
        assertThat(costs.get(0).compared()).isFalse();
        assertThat(costs.get(0).difference()).isGreaterThan(0.4);
        assertThat(costs.get(1).component()).isEqualTo("postgres");
        assertThat(costs.get(1).compared()).isTrue();
        assertThat(costs.get(1).difference()).isCloseTo(0.05, within(1e-9));
        assertThat(check.fair()).isTrue();
    }

    @Test
    void onAPartitionedMachineAServiceSideComponentCanStillBeUnfair() {
        // postgres 0.5 ms per request with platform threads, 0.7 ms with virtual ones: +40%
        var check = Interference.of(experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 200, 100, Map.of("postgres", 0.1), 0.5, 0.9)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 200, 100, Map.of("postgres", 0.14), 0.5, 0.9))));

        assertThat(check.fair()).isFalse();
    }

    @Test
    void theAaNoiseOfAComponentRaisesItsThreshold() {
        // postgres moved 30% between the A/A copies (0.5 → 0.65 ms): a 20% difference between the modes is inside that
        var check = Interference.of(experiment(null,
                cell(ThreadMode.PLATFORM, false, repeat(1, 200, 100, Map.of("postgres", 0.1), 0.5, 0.5)),
                cell(ThreadMode.PLATFORM, true, repeat(1, 200, 100, Map.of("postgres", 0.13), 0.5, 0.5)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 200, 100, Map.of("postgres", 0.12), 0.5, 0.5))));

        Interference.Cost postgres = check.pairs().getFirst().costs().get(1);
        assertThat(postgres.noise()).isCloseTo(0.3, within(1e-9));
        assertThat(postgres.threshold()).isCloseTo(0.3, within(1e-9));
        assertThat(postgres.unfair()).isFalse();
    }

    @Test
    void anIdleComponentIsNotCompared() {
        // WireMock at 0.01 cores in both modes: background only, whatever its CPU per request works out to
        var check = Interference.of(experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 150, 100, Map.of("gatling", 0.3, "wiremock", 0.01), 0.4, 0.95)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 75, 100, Map.of("gatling", 0.15, "wiremock", 0.01), 0.4, 0.95))));

        Interference.Cost wiremock = check.pairs().getFirst().costs().stream().filter(c -> c.component().equals("wiremock")).findFirst().orElseThrow();
        assertThat(wiremock.compared()).isFalse();
        assertThat(wiremock.unfair()).isFalse();
        assertThat(check.fair()).isTrue();
    }

    @Test
    void aLoadSideAtItsCpuLimitMakesTheRunUnfair() {
        var check = Interference.of(experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 150, 100, Map.of("gatling", 0.9), 0.97, 0.50)),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 150, 100, Map.of("gatling", 0.9), 0.50, 0.50))));

        assertThat(check.loadSides()).extracting(Interference.LoadSide::atLimit).containsExactly(true, false);
        assertThat(check.loadSides().getFirst().busy()).isCloseTo(0.97, within(1e-9));
        assertThat(check.fair()).isFalse();
    }
}
