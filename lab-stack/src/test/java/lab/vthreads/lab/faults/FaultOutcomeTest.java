package lab.vthreads.lab.faults;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class FaultOutcomeTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    static JsonNode results(boolean with500) {
        return results(with500, true);
    }

    /** 60 s of 201s, 503s in seconds 20-24, 502s in 40-59 (to the end) if {@code errorsToTheEnd}, one 500 at second 50 if {@code with500}. */
    static JsonNode results(boolean with500, boolean errorsToTheEnd) {
        ObjectNode r = JSON.createObjectNode();
        ObjectNode byStatus = r.putObject("perSecondByStatus");
        ArrayNode created = byStatus.putArray("201"), unavailable = byStatus.putArray("503"), badGateway = byStatus.putArray("502"),
                serverError = byStatus.putArray("500");
        for (int s = 0; s < 60; s++) {
            created.add(100);
            unavailable.add(s >= 20 && s < 25 ? 7 : 0);
            badGateway.add(errorsToTheEnd && s >= 40 ? 3 : 0);
            serverError.add(with500 && s == 50 ? 1 : 0);
        }
        r.putArray("steadyWindowSeconds").add(10).add(60);
        r.putObject("statuses").put("201", 6000).put("503", 35).put("502", 60).put("500", with500 ? 1 : 0);
        r.put("created201", 6000);
        r.put("createdAddresses", 12000);
        r.putObject("latencyByStatusMs").putObject("503").put("p99", 900).put("max", 1100);
        return r;
    }

    static List<FaultEvent> events() {
        return List.of(new FaultEvent(Fault.Kind.POSTGRES_RESTART, 12.0, 20.3, "stopped; started", null),
                new FaultEvent(Fault.Kind.CEP_FAULTS, 30.0, 35.0, "faults", null),
                new FaultEvent(Fault.Kind.PESSOA_RESTART, 38.0, 41.5, "SIGTERM; started", null));
    }

    @Test
    void recoveryRunsFromTheFaultsEndToTheEndOfTheLastSecondWithAnError() {
        FaultOutcome outcome = FaultOutcome.of(results(false), events(), new StoredRows(6000, 12000, 0), null, 2000);

        assertThat(outcome.events()).extracting(FaultOutcome.Recovery::recoverySeconds).containsExactly(4.7, 0.0, null);
        assertThat(outcome.events()).extracting(FaultOutcome.Recovery::withinLimit).containsExactly(true, true, false);
        assertThat(outcome.holdWindow()).containsExactly(10, 60);
        assertThat(outcome.latencyByStatus()).containsEntry("503", Map.of("p99", 900.0, "max", 1100.0));
    }

    @Test
    void theSecondInWhichTheNextFaultBeginsIsNotCountedAgainstTheOneBefore() {
        // The 502s from second 40 on belong to the fault that begins at 40.4, not to PostgreSQL's recovery.
        List<FaultEvent> events = List.of(new FaultEvent(Fault.Kind.POSTGRES_RESTART, 12.0, 20.3, "", null),
                new FaultEvent(Fault.Kind.CEP_RESTART, 40.4, 45.0, "", null));

        assertThat(FaultOutcome.of(results(false, true), events, new StoredRows(6000, 12000, 0), null, 2000).events())
                .extracting(FaultOutcome.Recovery::recoverySeconds).containsExactly(4.7, null);
    }

    @Test
    void passesOnlyWithEveryFaultRecoveredNo500AndEveryRowAccountedFor() {
        List<FaultEvent> recovered = events().subList(0, 2);
        StoredRows exact = new StoredRows(6000, 12000, 0);

        assertThat(FaultOutcome.of(results(false, false), recovered, exact, null, 2000).passed()).isTrue();
        assertThat(FaultOutcome.of(results(false, true), recovered, exact, null, 2000).passed()).as("errors until the end").isFalse();
        assertThat(FaultOutcome.of(results(true, false), recovered, exact, null, 2000).passed()).as("a 500").isFalse();
        FaultOutcome lost = FaultOutcome.of(results(false, false), recovered, new StoredRows(5999, 11998, 0), null, 2000);
        assertThat(lost.lost()).isEqualTo(1);
        assertThat(lost.passed()).isFalse();
        FaultOutcome unconfirmed = FaultOutcome.of(results(false, false), recovered, new StoredRows(6002, 12003, 0), null, 2000);
        assertThat(unconfirmed.unconfirmed()).isEqualTo(2);
        assertThat(unconfirmed.passed()).isFalse();
        assertThat(FaultOutcome.of(results(false, false), recovered, new StoredRows(6000, 11999, 1), null, 2000).passed()).as("a person without address")
                .isFalse();
        ObjectNode plainText = (ObjectNode) results(false, false);
        plainText.putObject("notProblemDetails").put("502", 3);
        FaultOutcome notProblems = FaultOutcome.of(plainText, recovered, exact, null, 2000);
        assertThat(notProblems.notProblemDetail()).isEqualTo(3);
        assertThat(notProblems.passed()).as("errors that are not problem details").isFalse();
        assertThat(FaultOutcome.of(JSON.createObjectNode(), recovered, new StoredRows(0, 0, 0), null, 2000).passed()).as("no results from the load")
                .isFalse();
        FaultOutcome unread = FaultOutcome.of(results(false, false), recovered, null, "connection refused", 2000);
        assertThat(unread.lost()).isEqualTo(-1);
        assertThat(unread.passed()).isFalse();
    }

    @Test
    void aFaultThatFailedToInjectIsNotARecovery() {
        FaultEvent failed = new FaultEvent(Fault.Kind.CEP_RESTART, 12.0, 12.5, "", "port in use");

        assertThat(FaultOutcome.of(results(false, false), List.of(failed), new StoredRows(6000, 12000, 0), null, 2000).passed()).isFalse();
    }

    /** The CEP faults at 30-35 s: a 504 answered in second 36 after 2,150 ms passes a 2 s read timeout + 10%; after 2,300 ms it fails. */
    @Test
    void theCepFaultsErrorsMustComeWithinTheReadTimeoutAndItsMargin() {
        StoredRows exact = new StoredRows(6000, 12000, 0);
        List<FaultEvent> cepFaults = List.of(new FaultEvent(Fault.Kind.CEP_FAULTS, 30.0, 35.0, "faults", null));

        FaultOutcome inTime = FaultOutcome.of(withSlow504(2150, true), cepFaults, exact, null, 2000);
        assertThat(inTime.events().getFirst().slowestErrorMs()).isEqualTo(2150);
        assertThat(inTime.events().getFirst().errorLimitMs()).isEqualTo(2200);
        assertThat(inTime.passed()).isTrue();

        FaultOutcome late = FaultOutcome.of(withSlow504(2300, true), cepFaults, exact, null, 2000);
        assertThat(late.events().getFirst().withinLimit()).isFalse();
        assertThat(late.passed()).isFalse();

        FaultOutcome untimed = FaultOutcome.of(withSlow504(2150, false), cepFaults, exact, null, 2000);
        assertThat(untimed.events().getFirst().slowestErrorMs()).as("504s whose times were not recorded").isEqualTo(-1);
        assertThat(untimed.passed()).isFalse();

        FaultOutcome otherFault = FaultOutcome.of(withSlow504(2300, true),
                List.of(new FaultEvent(Fault.Kind.PESSOA_RESTART, 30.0, 35.0, "", null)), exact, null, 2000);
        assertThat(otherFault.events().getFirst().errorLimitMs()).as("only the CEP faults are bounded by the read timeout").isNull();
        assertThat(otherFault.passed()).isTrue();
    }

    private static JsonNode withSlow504(long ms, boolean timed) {
        ObjectNode r = (ObjectNode) results(false, false);
        ArrayNode count = ((ObjectNode) r.get("perSecondByStatus")).putArray("504");
        ArrayNode slowest = r.putObject("slowestMsPerSecondByStatus").putArray("504");
        for (int s = 0; s < 60; s++) {
            count.add(s == 36 ? 1 : 0);
            slowest.add(s == 36 ? ms : 0);
        }
        if (!timed) r.remove("slowestMsPerSecondByStatus");
        return r;
    }
}
