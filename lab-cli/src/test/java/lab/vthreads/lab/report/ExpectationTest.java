package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A CI gate's expectations against {@link Fixtures}: platform 110 and virtual 250 req/s at 200 users, 3 failed requests. */
class ExpectationTest {

    private final ExperimentResults results = Fixtures.experiment();
    private final Summary summary = Summary.of(results);

    @Test
    void aRatioThatHoldsAtItsLevelPasses() {
        Expectation.Outcome outcome = Expectation.parse("virtual/platform >= 2 at 200").check(results, summary);

        assertThat(outcome.holds()).isTrue();
        assertThat(outcome.toString()).isEqualTo("expect 'virtual/platform >= 2 at 200': holds (2.27× at 200 users)");
    }

    @Test
    void aRatioTheRunContradictsFailsWithWhatItFound() {
        Expectation.Outcome outcome = Expectation.parse("virtual/platform > 3").check(results, summary);

        assertThat(outcome.holds()).isFalse();
        assertThat(outcome.toString()).isEqualTo("expect 'virtual/platform > 3': FAILS (2.27× at 200 users)");
    }

    @Test
    void aLevelOrAPairTheRunDidNotMeasureFails() {
        assertThat(Expectation.parse("virtual/platform >= 1 at 120").check(results, summary).found()).isEqualTo("the run has no virtual/platform pair at 120 users");
        assertThat(Expectation.parse("reactive/virtual >= 0.9").check(results, summary).holds()).isFalse();
    }

    @Test
    void errorsAreTheFailedRequestsOfEveryWindow() {
        // platform's repeats failed 0, 2 and 1 requests
        assertThat(Expectation.parse("errors == 0").check(results, summary).found()).isEqualTo("3 failed requests");
        assertThat(Expectation.parse("errors <= 3").check(results, summary).holds()).isTrue();
    }

    @Test
    void pinnedNeedsARecordingAndCountsItsEvents() {
        assertThat(Expectation.parse("pinned == 0").check(results, summary).found()).startsWith("no pinning was recorded");
        ExperimentResults pinned = RunFixtures.experiment(List.of(RunFixtures.cell(ThreadMode.VIRTUAL, 200, false,
                RunFixtures.run(1, 100, 0, false, 0.5).withContext(ExperimentResults.RunContext.services("21.0.8", java.util.Map.of("pessoa-service",
                        new lab.vthreads.lab.pinning.ServicePinning(12, 900, 0, List.of(), null)))))), true);
        Expectation.Outcome outcome = Expectation.parse("pinned == 0").check(pinned, Summary.of(pinned));
        assertThat(outcome.holds()).isFalse();
        assertThat(outcome.found()).isEqualTo("12 pinned events");
    }

    @Test
    void aMalformedExpressionIsRefusedNamingIt() {
        assertThatThrownBy(() -> Expectation.parse("virtual platform >= 1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'virtual platform >= 1' is not an expectation");
        assertThatThrownBy(() -> Expectation.parse("virtual/platform => 1")).hasMessageContaining("'virtual/platform => 1'");
        assertThatThrownBy(() -> Expectation.parse("virtual/virtual >= 1")).hasMessageContaining("compares a mode with itself");
    }
}
