package lab.vthreads.lab.run;

import org.junit.jupiter.api.Test;

import java.util.List;

import static lab.vthreads.lab.run.DeadlockWatch.Rule.QUIET_MS;
import static org.assertj.core.api.Assertions.assertThat;

/** The watch's rule on a clock of its own; the proof itself is StalledCarriersTest's, the watch on a real hang AppExperimentIT's. */
class DeadlockWatchTest {

    private static final List<String> NOTHING = List.of();
    private static final List<String> PROVEN = List.of("app");

    @Test
    void answersThatKeepComingAreNeverLookedInto() {
        DeadlockWatch.Rule rule = new DeadlockWatch.Rule();
        for (long t = 0, answered = 0; t <= 60_000; t += 1000, answered++) {
            assertThat(rule.at(t, answered)).as("at %d ms", t).isEqualTo(DeadlockWatch.Rule.Step.WAIT);
        }
    }

    @Test
    void quietForItsSpanItLooksAndAProvenDeadlockEndsTheWait() {
        DeadlockWatch.Rule rule = new DeadlockWatch.Rule();
        rule.at(0, 3);
        assertThat(rule.at(QUIET_MS - 1, 3)).isEqualTo(DeadlockWatch.Rule.Step.WAIT);
        assertThat(rule.at(QUIET_MS, 3)).isEqualTo(DeadlockWatch.Rule.Step.LOOK);
        assertThat(rule.found(QUIET_MS + 300, PROVEN)).isTrue();
        assertThat(rule.quietSeconds(QUIET_MS)).isEqualTo(5);
    }

    @Test
    void aSlowJvmIsLookedIntoOnlyOnceEachQuietSpan() {
        DeadlockWatch.Rule rule = new DeadlockWatch.Rule();
        rule.at(0, 0);
        assertThat(rule.at(QUIET_MS, 0)).isEqualTo(DeadlockWatch.Rule.Step.LOOK);
        assertThat(rule.found(QUIET_MS, NOTHING)).isFalse();
        assertThat(rule.at(QUIET_MS + 1000, 0)).isEqualTo(DeadlockWatch.Rule.Step.WAIT);
        assertThat(rule.at(2 * QUIET_MS - 1, 0)).isEqualTo(DeadlockWatch.Rule.Step.WAIT);
        assertThat(rule.at(2 * QUIET_MS, 0)).isEqualTo(DeadlockWatch.Rule.Step.LOOK);
    }

    @Test
    void anAnswerStartsTheQuietSpanAgain() {
        DeadlockWatch.Rule rule = new DeadlockWatch.Rule();
        rule.at(0, 0);
        rule.at(QUIET_MS - 1000, 0);
        // A slow first answer, not a hang: the span counts from it.
        assertThat(rule.at(QUIET_MS, 1)).isEqualTo(DeadlockWatch.Rule.Step.WAIT);
        assertThat(rule.at(2 * QUIET_MS - 1, 1)).isEqualTo(DeadlockWatch.Rule.Step.WAIT);
        assertThat(rule.at(2 * QUIET_MS, 1)).isEqualTo(DeadlockWatch.Rule.Step.LOOK);
    }
}
