package lab.vthreads.lab.measured;

import lab.vthreads.lab.measured.StartupCheck.Outcome;
import lab.vthreads.lab.measured.StartupCheck.Start;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StartupCheckTest {

    private static Start answered(int i) {
        return new Start(i, Outcome.ANSWERED, null, 2, 150L, null, null);
    }

    private static Start hung(int i, boolean deadlocked) {
        return new Start(i, Outcome.HUNG, "GET /owners/{id}: no response (×8)", 2, null, Map.of("app", "startup/virtual/start-" + i + "/app-threads-start-" + i + ".json"),
                deadlocked ? Map.of("app", "every carrier (2 of 2) blocked") : Map.of());
    }

    private static StartupCheck check(List<Start> starts) {
        return new StartupCheck("virtual", ThreadMode.VIRTUAL, null, 120, 30, starts);
    }

    @Test
    void countsTheHungStartsWithTheRatesWilsonInterval() {
        List<Start> starts = new ArrayList<>();
        for (int i = 1; i <= 10; i++) starts.add(i == 2 || i == 5 ? hung(i, true) : i == 7 ? hung(i, false) : answered(i));

        StartupCheck check = check(starts);

        assertThat(check.hung()).isEqualTo(3);
        assertThat(check.deadlocked()).isEqualTo(2);
        // Wilson's 95% interval for 3 of 10: 10.8% to 60.3%.
        assertThat(check.hangRate().getLowerBound()).isCloseTo(0.108, within(0.001));
        assertThat(check.hangRate().getUpperBound()).isCloseTo(0.603, within(0.001));
        assertThat(check.text()).isEqualTo("virtual: 3 of 10 starts hung (95% interval 11-60%), 2 deadlocked at cold start, 2 carriers");
        assertThat(check.firstHang()).isEqualTo("start 2: GET /owners/{id}: no response (×8); app: every carrier (2 of 2) blocked");
    }

    @Test
    void noHangInTenStillLeavesARateUpToAboutAQuarter() {
        List<Start> starts = new ArrayList<>();
        for (int i = 1; i <= 10; i++) starts.add(answered(i));

        StartupCheck check = check(starts);

        assertThat(check.hangRate().getLowerBound()).isCloseTo(0.0, within(1e-9));
        assertThat(check.hangRate().getUpperBound()).isCloseTo(0.278, within(0.001));
        assertThat(check.text()).isEqualTo("virtual: 0 of 10 starts hung (95% interval 0-28%), 2 carriers");
        assertThat(check.firstHang()).isNull();
    }

    @Test
    void aStartThatDidNotComeUpIsNotCountedAsAStartThatGotItsBurst() {
        StartupCheck check = check(List.of(answered(1), new Start(2, Outcome.DID_NOT_START, "app did not answer its health check within 120 s", null, null,
                null, null), new Start(3, Outcome.ANSWERED_OTHERWISE, "POST /owners/new: status 200 (expected 302)", 1, 2000L, null, null)));

        assertThat(check.bursts()).isEqualTo(2);
        assertThat(check.text()).isEqualTo("virtual: 0 of 2 starts hung (95% interval 0-66%), 1 did not start, 1-2 carriers");
    }

    @Test
    void noStartThatCameUpGivesNoRate() {
        StartupCheck check = check(List.of(new Start(1, Outcome.DID_NOT_START, "port 8080 is taken", null, null, null, null)));

        assertThat(check.hangRate()).isNull();
        assertThat(check.text()).isEqualTo("virtual: no start came up (port 8080 is taken)");
    }
}
