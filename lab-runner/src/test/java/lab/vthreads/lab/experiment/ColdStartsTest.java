package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.pinning.StalledCarriers;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.FirstRequests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Whose fault a pair's failed first requests are, judged across the experiment's pairs. */
class ColdStartsTest {

    @TempDir
    Path dir;

    private final ColdStarts judged = new ColdStarts();
    private final Progress progress = new Progress(new PrintStream(new ByteArrayOutputStream()));

    private ExperimentResults.ColdStart judge(FirstRequests first) {
        return judged.judge(first, 1, Map.of(), "virtual-6u, repeat 1", dir, dir, progress);
    }

    @Test
    void aFlowThatFailsOnEveryPairIsTheScenariosFault() {
        assertThat(judge(new FirstRequests.AnsweredOtherwise("GET /nowhere: status 404 (expected 2xx)")).hung()).isFalse();
        assertThat(judge(new FirstRequests.AnsweredOtherwise("GET /nowhere: status 404 (expected 2xx)")).hung()).isFalse();

        assertThatThrownBy(judged::requireScenarioServedSomewhere).isInstanceOf(StartFailure.class)
                .hasMessageContaining("the scenario failed against the application before anything was measured: GET /nowhere: status 404 (expected 2xx)")
                .hasMessageContaining("Correct the scenario");
    }

    @Test
    void aFlowAnotherPairAnsweredIsThisPairsResultNotTheScenarios() {
        ExperimentResults.ColdStart otherwise = judge(new FirstRequests.AnsweredOtherwise("GET /owners: status 500 (expected 2xx)"));
        assertThat(judge(new FirstRequests.Answered(4))).isNull();

        judged.requireScenarioServedSomewhere();
        assertThat(otherwise.text()).isEqualTo("at cold start, its first requests not answered as the scenario expects: GET /owners: status 500 (expected 2xx)");
    }

    @Test
    void aRequestNoOneAnsweredIsAHangNeverTheScenarios() {
        ExperimentResults.ColdStart hung = judge(new FirstRequests.Unanswered("GET /owners/{id}: no response (×3)"));

        judged.requireScenarioServedSomewhere();
        assertThat(hung.hung()).isTrue();
        assertThat(hung.deadlocked()).isFalse();
        assertThat(hung.text()).isEqualTo("hung at cold start: GET /owners/{id}: no response (×3)");
    }

    @Test
    void aDumpWithEveryCarrierBlockedMakesItADeadlockWithItsKnownCause() throws Exception {
        // The real dump of spring-petclinic deadlocked on two carriers: StalledCarriersTest's fixture, in lab-machine beside it.
        String why = StalledCarriers.read(Path.of("../lab-machine/src/test/resources/lab/vthreads/lab/pinning/petclinic-stalled-carriers.json")).orElseThrow();
        ExperimentResults.ColdStart deadlocked = new ExperimentResults.ColdStart(1, true, "GET /owners/{id}: no response (×3)",
                Map.of("app", "cells/virtual-6u/r1/app-threads-cold-start.json"), Map.of("app", why));

        assertThat(deadlocked.deadlocked()).isTrue();
        assertThat(deadlocked.text()).startsWith("deadlocked at cold start: GET /owners/{id}: no response (×3); app: every carrier (2 of 2) blocked")
                .contains("known cause: class loading through Spring Boot's nested-jar loader");
    }

    @Test
    void aDumpWithOneCarrierFreeIsAHangButNoDeadlock() {
        ExperimentResults.ColdStart hung = new ExperimentResults.ColdStart(1, true, "GET /owners/{id}: no response",
                Map.of("app", "cells/virtual-6u/r1/app-threads-cold-start.json"), Map.of());

        assertThat(hung.deadlocked()).isFalse();
        assertThat(hung.text()).isEqualTo("hung at cold start: GET /owners/{id}: no response; no dump showed every carrier blocked "
                + "(cells/virtual-6u/r1/app-threads-cold-start.json)");
    }
}
