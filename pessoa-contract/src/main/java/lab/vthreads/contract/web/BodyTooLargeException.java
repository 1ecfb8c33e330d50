package lab.vthreads.contract.web;

import lab.vthreads.service.ProblemTypes;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/** The request body is over {@code lab.request.max-body-bytes}: 413 {@code body-too-large}. */
public class BodyTooLargeException extends ErrorResponseException {

    private final long maxBytes;

    public BodyTooLargeException(long maxBytes) {
        super(HttpStatus.CONTENT_TOO_LARGE, ProblemTypes.problem(HttpStatus.CONTENT_TOO_LARGE, "body-too-large", "Request body too large",
                "Request body exceeds " + maxBytes + " bytes"), null);
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }
}
