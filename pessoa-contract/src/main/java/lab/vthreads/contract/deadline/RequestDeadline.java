package lab.vthreads.contract.deadline;

import lab.vthreads.service.RequestDeadlines;

import java.time.Instant;

/**
 * When the caller stops waiting for this request ({@link RequestDeadlines}), or never ({@link #NONE}: a request that
 * came without the header, straight from a client or a test). Checked before the request takes a connection, once it
 * has one, and before its commit: a request past its deadline rolls back, so every 504 the gateway gives means
 * nothing stored, not a person stored behind the client's back.
 */
public record RequestDeadline(Instant at) {

    public static final RequestDeadline NONE = new RequestDeadline(null);

    /** From the header's value; none without one, a 400 for one that is not epoch milliseconds. */
    public static RequestDeadline fromHeader(String header) {
        if (header == null) return NONE;
        try {
            return new RequestDeadline(RequestDeadlines.parse(header));
        } catch (IllegalArgumentException e) {
            throw new MalformedDeadlineException(e.getMessage());
        }
    }

    /** Throws {@link DeadlinePassedException} if the deadline has passed; {@code stage} says where the request was. */
    public void requireAhead(String stage) {
        if (at != null && !Instant.now().isBefore(at)) {
            throw new DeadlinePassedException(stage);
        }
    }
}
