package lab.vthreads.lab.load;

import lab.vthreads.lab.process.ManagedProcess;

import java.io.IOException;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The moment a load generator's load began, by its own clock: the line its simulation prints once its JVM is up and its
 * set-up done ({@code RunRecorder.markStart} in the gatling module). A Gatling JVM takes from 2 to more than 6 seconds
 * to get there on a busy machine, so whatever is timed "from the load" is timed from here, not from the process's start.
 */
public final class LoadStart {

    private static final Pattern LINE = Pattern.compile("Lab load started at epoch ms (\\d+)");

    private LoadStart() {
    }

    /**
     * Waits for the line; empty when the load generator ended without it, {@code timeout} passed first, or the wait was
     * interrupted (the flag kept).
     */
    public static OptionalLong await(ManagedProcess generator, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            boolean ended = !generator.isAlive();
            OptionalLong started = read(generator);
            if (started.isPresent() || ended || System.nanoTime() >= deadline) return started;
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return OptionalLong.empty();
            }
        }
    }

    private static OptionalLong read(ManagedProcess generator) {
        try {
            return in(generator.logSinceStart());
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** The load's start in a load generator's log, if it is there yet. */
    static OptionalLong in(String log) {
        Matcher m = LINE.matcher(log);
        return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
    }
}
