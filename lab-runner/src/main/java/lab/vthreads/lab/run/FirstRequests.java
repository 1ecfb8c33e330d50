package lab.vthreads.lab.run;

/**
 * What each of the scenario's flows, sent by one user to freshly started JVMs, got back ({@link ScenarioCheck}). Whose
 * fault a failure is depends on the other pairs: a flow the other mode answered, or a request no one answered, is the
 * application's finding, not the scenario's (the experiment's cold starts judge it).
 */
public sealed interface FirstRequests {

    /** What went wrong, in the load generator's words; null where nothing did. */
    String failure();

    /** Every request answered as the scenario expects. */
    record Answered(long ok) implements FirstRequests {
        @Override
        public String failure() {
            return null;
        }
    }

    /** Every request answered, not every one as the scenario expects ("POST /owners: status 400 (expected 201)"). */
    record AnsweredOtherwise(String reasons) implements FirstRequests {
        @Override
        public String failure() {
            return reasons;
        }
    }

    /**
     * A request got no answer at all: it timed out or its connection closed ("GET /owners/{id}: no response (×3)"), or the
     * flows were still waiting when the check's bound ran out.
     */
    record Unanswered(String reasons) implements FirstRequests {
        @Override
        public String failure() {
            return reasons;
        }
    }
}
