package lab.vthreads.contract.deadline;

import lab.vthreads.service.ProblemTypes;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/** An {@code X-Request-Deadline} that is not epoch milliseconds: 400 {@code invalid-deadline}. */
public class MalformedDeadlineException extends ErrorResponseException {

    public MalformedDeadlineException(String detail) {
        super(HttpStatus.BAD_REQUEST, ProblemTypes.problem(HttpStatus.BAD_REQUEST, "invalid-deadline", "Invalid request deadline", detail), null);
    }
}
