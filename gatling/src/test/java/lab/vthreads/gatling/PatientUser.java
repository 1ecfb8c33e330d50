package lab.vthreads.gatling;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;

/**
 * A user who honours Retry-After: a 503 that carries it is sent again after {@link RetryAfterBackoff}'s pause, up to
 * its last attempt; anything else ends the user's operation (a success, or a failure). A user whose pause would end
 * after the measured window waits until the window's end, then gives up and counts as abandoned, not failed: its
 * outcome is unknown. It waits, rather than giving up at once, because the closed model replaces a user that is done
 * with a new one at once: giving up at once turned every refusal in a window's last Retry-After into an immediate new
 * request (11,189 of them in a 60 s hold once Retry-After grew to tens of seconds), the flood the pause was to avoid.
 */
final class PatientUser {

    private final RunRecorder recorder;
    private final RetryAfterBackoff backoff;
    private final int expectedStatus;

    PatientUser(RunRecorder recorder, RetryAfterBackoff backoff, int expectedStatus) {
        this.recorder = recorder;
        this.backoff = backoff;
        this.expectedStatus = expectedStatus;
    }

    /** The request, repeated while the server asks to come back later. */
    ChainBuilder retrying(ChainBuilder request) {
        return exec(session -> session.set("opStart", System.currentTimeMillis()).set("attempts", 0).set("done", false).remove("abandoned"))
                .asLongAs(session -> !session.getBoolean("done")).on(
                        exec(session -> session.markAsSucceeded().remove("retryAfter"))
                                .exec(request)
                                .exec(this::afterAttempt)
                                .doIf(session -> !session.getBoolean("done")).then(pause(session -> Duration.ofMillis(session.getLong("pauseMs"))))
                                .exec(session -> session.contains("abandoned") ? session.set("done", true) : session));
    }

    private Session afterAttempt(Session session) {
        int attempts = session.getInt("attempts") + 1;
        Session s = session.set("attempts", attempts);
        boolean refused = s.contains("status") && s.getInt("status") == 503 && s.contains("retryAfter");
        if (!refused) {
            return recorder.record(s, expectedStatus).set("done", true);
        }
        Optional<Duration> pause = backoff.next(attempts, RetryAfterBackoff.parseRetryAfter(s.getString("retryAfter")),
                () -> ThreadLocalRandom.current().nextDouble());
        if (pause.isEmpty()) {
            return recorder.record(s, expectedStatus).set("done", true);
        }
        long untilWindowEnd = recorder.steadyEndMillis() - System.currentTimeMillis();
        if (pause.get().toMillis() > untilWindowEnd) {
            return recorder.abandoned(s).set("abandoned", true).set("pauseMs", Math.max(0, untilWindowEnd));
        }
        return recorder.deferred(s).set("pauseMs", pause.get().toMillis());
    }
}
