package lab.vthreads.pessoa.problem;

import lab.vthreads.contract.problem.ContractProblems;
import lab.vthreads.pessoa.registration.RetryAfterEstimate;
import lab.vthreads.service.ProblemTypes;
import lab.vthreads.service.RequestIds;
import org.hibernate.exception.JDBCConnectionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.resilience.InvocationRejectedException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

import java.sql.SQLTransientConnectionException;

/**
 * Every error as an RFC 9457 {@link ProblemDetail} with the request id. The features' own errors carry their problem
 * type and status ({@link ErrorResponseException}: a CEP not found, a duplicate CPF, ...), and the framework answers
 * them; this advice adds what the framework and the database raise. Nothing a client sends yields a 500: bad input
 * is a 4xx, a failing dependency a 502/503/504.
 */
@RestControllerAdvice
public class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemDetailsAdvice.class);
    // Long enough for a queue to drain a little, short enough that a load generator comes back soon.
    private static final String RETRY_AFTER_SECONDS = "1";

    private final RetryAfterEstimate retryAfter;

    ProblemDetailsAdvice(RetryAfterEstimate retryAfter) {
        this.retryAfter = retryAfter;
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        ProblemDetail problem = ContractProblems.invalidRequest(ex.getBindingResult());
        return handleExceptionInternal(ex, problem, headers, HttpStatus.BAD_REQUEST, request);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        // A feature's error raised while the body was read (the body-size limit) keeps its own problem.
        ErrorResponse own = ContractProblems.findCause(ex, ErrorResponse.class);
        if (own != null) {
            return handleExceptionInternal(ex, own.getBody(), headers, own.getStatusCode(), request);
        }
        ProblemDetail problem = ContractProblems.malformedBody(ex);
        return handleExceptionInternal(ex, problem, headers, HttpStatus.BAD_REQUEST, request);
    }

    @Override
    protected ResponseEntity<Object> handleErrorResponseException(ErrorResponseException ex, HttpHeaders headers, HttpStatusCode status,
                                                                  WebRequest request) {
        if (status.is5xxServerError()) {
            log.warn("{}", ex.getBody().getDetail());
        }
        return super.handleErrorResponseException(ex, headers, status, request);
    }

    /** The pool had no connection within connectionTimeout, or the database is down: retry later, not a bug. */
    @ExceptionHandler({CannotCreateTransactionException.class, DataAccessResourceFailureException.class, JDBCConnectionException.class})
    ResponseEntity<ProblemDetail> databaseUnavailable(Exception ex) {
        // Hikari's time-out carries the last failure to open a connection when there was one: then the database is
        // down, not merely busy.
        SQLTransientConnectionException timeout = ContractProblems.findCause(ex, SQLTransientConnectionException.class);
        boolean poolExhausted = timeout != null && timeout.getCause() == null;
        log.warn("database unavailable (pool exhausted: {}): {}", poolExhausted, ex.getMessage());
        return retryLater(ContractProblems.databaseUnavailable(poolExhausted, "connection timeout"));
    }

    /**
     * lab.database.concurrency-limit turned the request away before it could queue for a connection: back off for as
     * long as the refused clients need to come back at the rate the limit admits them.
     */
    @ExceptionHandler
    ResponseEntity<ProblemDetail> databaseBusy(InvocationRejectedException ex) {
        return retryLater(ProblemTypes.problem(HttpStatus.SERVICE_UNAVAILABLE, "database-busy", "Too many requests waiting for the database",
                "The service's limit on concurrent database work is reached; retry later."), Long.toString(retryAfter.refused()));
    }

    /** A constraint other than the CPF's: input that validation let through but the schema refuses. */
    @ExceptionHandler
    ResponseEntity<ProblemDetail> constraintViolated(DataIntegrityViolationException ex) {
        log.warn("constraint violated: {}", ex.getMostSpecificCause().getMessage());
        return ResponseEntity.unprocessableContent().body(withRequestId(ContractProblems.constraintViolated()));
    }

    @ExceptionHandler
    ResponseEntity<ProblemDetail> unexpected(Exception ex) {
        if (ContractProblems.findCause(ex, SQLTransientConnectionException.class) != null || lostConnection(ex)) {
            return databaseUnavailable(ex);
        }
        log.error("unexpected error", ex);
        return ResponseEntity.internalServerError().body(withRequestId(ContractProblems.internalError()));
    }

    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception ex, @Nullable Object body, HttpHeaders headers,
                                                             HttpStatusCode statusCode, WebRequest request) {
        ResponseEntity<Object> response = super.handleExceptionInternal(ex, body, headers, statusCode, request);
        if (response != null && response.getBody() instanceof ProblemDetail problem) {
            withRequestId(problem);
        }
        return response;
    }

    /**
     * A pooled connection died under the request (PostgreSQL stopped or restarted). The failure often surfaces only
     * as the rollback that followed: Spring's TransactionTemplate throws the rollback's exception (Hikari's closed
     * connection, which has no SQLState) and logs the original one (SQLState 57P01, "terminating connection due to
     * administrator command"). Class 08 is JDBC's "connection exception", 57P0x PostgreSQL's shutdowns.
     */
    private static boolean lostConnection(Throwable ex) {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof java.sql.SQLException sql) {
                String state = sql.getSQLState();
                if (state != null && (state.startsWith("08") || state.startsWith("57P0"))) return true;
                StackTraceElement[] where = sql.getStackTrace();
                if (state == null && where.length > 0 && where[0].getClassName().startsWith("com.zaxxer.hikari.pool.ProxyConnection$ClosedConnection")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static ResponseEntity<ProblemDetail> retryLater(ProblemDetail problem) {
        return retryLater(problem, RETRY_AFTER_SECONDS);
    }

    private static ResponseEntity<ProblemDetail> retryLater(ProblemDetail problem, String seconds) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, seconds)
                .body(withRequestId(problem));
    }

    private static ProblemDetail withRequestId(ProblemDetail problem) {
        String requestId = MDC.get(RequestIds.MDC_KEY);
        if (requestId != null) {
            problem.setProperty("requestId", requestId);
        }
        return problem;
    }
}
