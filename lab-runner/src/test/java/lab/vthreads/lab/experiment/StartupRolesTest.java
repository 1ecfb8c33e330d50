package lab.vthreads.lab.experiment;

import lab.vthreads.lab.experiment.RepeatedStarts.Roles;
import lab.vthreads.lab.measured.StartupCheck.Outcome;
import lab.vthreads.lab.measured.StartupCheck.Start;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which kinds of JVM the start-up check starts first, and when their control follows. */
class StartupRolesTest {

    private static final Cell PLATFORM = new Cell(null, ThreadMode.PLATFORM, 120, Factors.NONE);
    private static final Cell VIRTUAL = new Cell(null, ThreadMode.VIRTUAL, 120, Factors.NONE);
    private static final Cell REACTIVE = new Cell(null, ThreadMode.REACTIVE, 120, Factors.NONE);
    private static final Cell MORE_CARRIERS = new Cell("carriers-4", ThreadMode.VIRTUAL, 120, Factors.NONE);

    private static Start start(int i, Outcome outcome) {
        return new Start(i, outcome, null, 2, outcome == Outcome.HUNG ? null : 900L, null, null);
    }

    @Test
    void theKindsWithVirtualThreadsAreStartedFirstAndPlatformThreadsAreTheirControl() {
        Roles roles = Roles.of(List.of(PLATFORM, VIRTUAL, MORE_CARRIERS));

        assertThat(roles.subjects()).containsExactly(VIRTUAL, MORE_CARRIERS);
        assertThat(roles.controls()).containsExactly(PLATFORM);
        // The report lists them as the cells do.
        assertThat(roles.kinds()).containsExactly(PLATFORM, VIRTUAL, MORE_CARRIERS);
    }

    @Test
    void theReactiveServicesStackIsASubjectItsGatewayRunsOnVirtualThreads() {
        assertThat(Roles.of(List.of(PLATFORM, REACTIVE)).subjects()).containsExactly(REACTIVE);
    }

    @Test
    void withPlatformThreadsAloneTheyAreTheSubjectAndThereIsNoControl() {
        Roles roles = Roles.of(List.of(PLATFORM));

        assertThat(roles.subjects()).containsExactly(PLATFORM);
        assertThat(roles.controls()).isEmpty();
    }

    @Test
    void theControlIsDueOnceASubjectsStartHungUnexplainedThisRunsOrAKeptOne() {
        Roles roles = Roles.of(List.of(PLATFORM, VIRTUAL));

        assertThat(roles.controlsDue(Map.of(VIRTUAL, List.of(start(1, Outcome.ANSWERED), start(2, Outcome.ANSWERED_OTHERWISE),
                start(3, Outcome.DID_NOT_START))))).isFalse();
        assertThat(roles.controlsDue(Map.of(VIRTUAL, List.of(start(1, Outcome.ANSWERED), start(2, Outcome.HUNG))))).isTrue();
        assertThat(roles.controlsDue(Map.of(VIRTUAL, List.of(start(1, Outcome.HUNG).keptBy("20261205-063714-app"))))).isTrue();
        // A hang whose dump showed every carrier blocked is the virtual threads' own deadlock: the control would tell nothing more.
        Start deadlocked = new Start(2, Outcome.HUNG, "no response", 2, null, Map.of("app", "dump.json"), Map.of("app", "every carrier (2 of 2) blocked"));
        assertThat(roles.controlsDue(Map.of(VIRTUAL, List.of(start(1, Outcome.ANSWERED), deadlocked)))).isFalse();
        assertThat(roles.controlsDue(Map.of(VIRTUAL, List.of(deadlocked, start(3, Outcome.HUNG))))).isTrue();
        // A control's own hang is not a subject's.
        assertThat(roles.controlsDue(Map.of(PLATFORM, List.of(start(1, Outcome.HUNG)), VIRTUAL, List.of(start(1, Outcome.ANSWERED))))).isFalse();
    }
}
