package lab.vthreads.service;

import java.time.Instant;

/**
 * The {@code X-Request-Deadline} the gateway sends pessoa-service: the epoch millisecond after which the gateway will
 * have stopped waiting (its response timeout, less a margin). A write committed after it would be stored while its
 * client was told 504, so pessoa-service rolls back instead. An instant, not a duration: the time a request waits in
 * pessoa-service's accept queue, before any of its code runs, counts too. Both sides read the same clock here; across
 * machines it takes clocks synchronised well within the margin.
 */
public final class RequestDeadlines {

    public static final String HEADER = "X-Request-Deadline";

    private RequestDeadlines() {
    }

    public static String format(Instant deadline) {
        return Long.toString(deadline.toEpochMilli());
    }

    /** The deadline a header carries; {@link IllegalArgumentException} if it is not epoch milliseconds. */
    public static Instant parse(String header) {
        try {
            return Instant.ofEpochMilli(Long.parseLong(header.strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(HEADER + " must be epoch milliseconds, not '" + header + "'", e);
        }
    }
}
