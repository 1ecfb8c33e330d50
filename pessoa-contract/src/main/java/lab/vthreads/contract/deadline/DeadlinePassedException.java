package lab.vthreads.contract.deadline;

import lab.vthreads.service.ProblemTypes;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/**
 * The caller had stopped waiting before this request could be stored: 503 {@code deadline-passed}, and its
 * transaction rolled back. The gateway has usually answered 504 by then; a caller that sent the deadline itself
 * reads this one.
 */
public class DeadlinePassedException extends ErrorResponseException {

    public DeadlinePassedException(String stage) {
        super(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.problem(HttpStatus.SERVICE_UNAVAILABLE, "deadline-passed",
                "Request deadline passed", "The request's deadline passed " + stage + "; nothing was stored."), null);
    }
}
