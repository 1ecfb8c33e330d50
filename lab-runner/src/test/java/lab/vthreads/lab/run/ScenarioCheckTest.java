package lab.vthreads.lab.run;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** What the check's totals say the first requests got: a hang is told from an answer by whether any status came back. */
class ScenarioCheckTest {

    private static FirstRequests read(String json) {
        return ScenarioCheck.of(JsonMapper.builder().build().readTree(json));
    }

    @Test
    void everyRequestAnsweredAsExpectedIsAnsweredHoweverSlowly() {
        // 12 s for the first answer of a cold JVM is slow, not a hang: it came within the request's timeout.
        assertThat(read("""
                {"ok": 4, "ko": 0, "koReasons": {}, "maxResponseTimeMs": 12000}""")).isEqualTo(new FirstRequests.Answered(4));
    }

    @Test
    void anAnswerWithTheWrongStatusIsAnAnswer() {
        assertThat(read("""
                {"ok": 2, "ko": 1, "koReasons": {"POST /owners: status 500 (expected 2xx)": 1}}"""))
                .isEqualTo(new FirstRequests.AnsweredOtherwise("POST /owners: status 500 (expected 2xx)"));
        // Nothing sent at all is not a hang either: nothing went unanswered.
        assertThat(read("""
                {"ok": 0, "ko": 0, "koReasons": {}}""")).isEqualTo(new FirstRequests.AnsweredOtherwise("no request succeeded"));
    }

    @Test
    void aRequestWithNoStatusAtAllIsUnansweredWhateverElseCameBack() {
        FirstRequests found = read("""
                {"ok": 1, "ko": 4, "koReasons": {"GET /owners/{id}: no response": 3, "GET /vets: status 500 (expected 2xx)": 1}}""");

        assertThat(found).isInstanceOf(FirstRequests.Unanswered.class);
        assertThat(found.failure()).isEqualTo("GET /owners/{id}: no response (×3); GET /vets: status 500 (expected 2xx) (each request waited up to "
                + ScenarioCheck.REQUEST_TIMEOUT.toSeconds() + " s)");
    }
}
