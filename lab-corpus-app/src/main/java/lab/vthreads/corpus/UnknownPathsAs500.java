package lab.vthreads.corpus;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * With {@code corpus.unknown-paths-500=true}, a global exception handler of the kind real applications have: every
 * exception, a path nobody serves included, is answered 500. Its advice reaches the management port's child context
 * too, so a missing Actuator endpoint answers 500, not 404.
 */
@RestControllerAdvice
@ConditionalOnProperty(name = "corpus.unknown-paths-500", havingValue = "true")
class UnknownPathsAs500 {

    @ExceptionHandler(NoResourceFoundException.class)
    ProblemDetail anything(NoResourceFoundException e) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR, "unexpected error");
    }
}
