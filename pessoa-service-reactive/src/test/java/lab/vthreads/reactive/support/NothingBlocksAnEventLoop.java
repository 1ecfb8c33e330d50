package lab.vthreads.reactive.support;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import reactor.blockhound.BlockHound;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * BlockHound, installed once per test JVM, records every blocking call made on a non-blocking thread (Reactor Netty's
 * event loops, Reactor's parallel scheduler) instead of only throwing it into the request, where an error handler could
 * turn it into an answer that looks right; each test then fails if one was recorded while it ran.
 */
public class NothingBlocksAnEventLoop implements BeforeEachCallback, AfterEachCallback {

    static final List<String> BLOCKED = new CopyOnWriteArrayList<>();

    static {
        // With the integrations found on the class path (Reactor's schedulers, Reactor Netty's event loops), plus ours.
        BlockHound.install(builder -> builder
                // A random request id reads /dev/urandom through SecureRandom: a read that never waits on Linux.
                .allowBlockingCallsInside("java.util.UUID", "randomUUID")
                .blockingMethodCallback(method -> {
                    String blocked = Thread.currentThread().getName() + ": " + method + "\n" + stack();
                    BLOCKED.add(blocked);
                    // Also in the test's output: the Error below may end the request unanswered, so that the test
                    // fails on the client's timeout before it gets to check what was recorded.
                    System.err.println("BlockHound: a blocking call on " + blocked);
                    throw new Error("Blocking call on " + Thread.currentThread().getName() + ": " + method);
                }));
    }

    /** Installs BlockHound, if this JVM has not yet. */
    public static void install() {
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        forgetWhatWasRecorded();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        assertNothingWasRecorded();
    }

    /** Where a test runs outside Jupiter (jqwik's properties): before what it watches. */
    public static void forgetWhatWasRecorded() {
        install();
        BLOCKED.clear();
    }

    /** And after it. */
    public static void assertNothingWasRecorded() {
        assertThat(BLOCKED).as("blocking calls on event loops").isEmpty();
    }

    private static String stack() {
        StringBuilder trace = new StringBuilder();
        StackTraceElement[] frames = Thread.currentThread().getStackTrace();
        for (int i = 2; i < Math.min(frames.length, 30); i++) {
            trace.append("  at ").append(frames[i]).append('\n');
        }
        return trace.toString();
    }
}
