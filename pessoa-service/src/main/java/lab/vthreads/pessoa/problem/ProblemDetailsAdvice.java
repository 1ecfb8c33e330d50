package lab.vthreads.pessoa.problem;

import lab.vthreads.pessoa.cep.CepNotFoundException;
import lab.vthreads.pessoa.cep.CepUnavailableException;
import lab.vthreads.pessoa.pessoa.DuplicateCpfException;
import lab.vthreads.pessoa.web.BodyTooLargeException;
import lab.vthreads.pessoa.web.RequestIdFilter;
import org.hibernate.exception.JDBCConnectionException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
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
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.core.JacksonException;

import java.net.URI;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Map;

/**
 * Every error as an RFC 9457 {@link ProblemDetail}, each with a {@code type} naming its class and the request id.
 * Nothing a client sends yields a 500: bad input is a 4xx, a failing dependency a 502/503/504.
 */
@RestControllerAdvice
public class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemDetailsAdvice.class);
    // Long enough for a queue to drain a little, short enough that a load generator comes back soon.
    private static final String RETRY_AFTER_SECONDS = "1";

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request",
                "The request has " + ex.getErrorCount() + " invalid field(s).");
        List<Map<String, Object>> errors = ex.getBindingResult().getFieldErrors().stream()
                .map(ProblemDetailsAdvice::fieldError)
                .toList();
        problem.setProperty("errors", errors);
        return handleExceptionInternal(ex, problem, headers, HttpStatus.BAD_REQUEST, request);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        BodyTooLargeException tooLarge = findCause(ex, BodyTooLargeException.class);
        if (tooLarge != null) {
            return handleExceptionInternal(ex, bodyTooLarge(tooLarge), headers, HttpStatus.CONTENT_TOO_LARGE, request);
        }
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "malformed-body", "Malformed request body", unreadableDetail(ex));
        return handleExceptionInternal(ex, problem, headers, HttpStatus.BAD_REQUEST, request);
    }

    @ExceptionHandler
    ResponseEntity<ProblemDetail> tooLarge(BodyTooLargeException ex) {
        return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(bodyTooLarge(ex));
    }

    @ExceptionHandler
    ResponseEntity<ProblemDetail> duplicateCpf(DuplicateCpfException ex) {
        return ResponseEntity.status(HttpStatus.CONFLICT)
                .body(problem(HttpStatus.CONFLICT, "duplicate-cpf", "CPF already registered", ex.getMessage()));
    }

    @ExceptionHandler
    ResponseEntity<ProblemDetail> cepNotFound(CepNotFoundException ex) {
        ProblemDetail problem = problem(HttpStatus.UNPROCESSABLE_CONTENT, "cep-not-found", "CEP not found", ex.getMessage());
        problem.setProperty("cep", ex.cep());
        return ResponseEntity.unprocessableContent().body(problem);
    }

    @ExceptionHandler
    ResponseEntity<ProblemDetail> cepUnavailable(CepUnavailableException ex) {
        HttpStatus status = ex.timeout() ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY;
        log.warn("{}", ex.getMessage());
        ProblemDetail problem = problem(status, ex.timeout() ? "cep-timeout" : "cep-unavailable",
                ex.timeout() ? "CEP API timed out" : "CEP API failed", ex.getMessage());
        problem.setProperty("cep", ex.cep());
        return ResponseEntity.status(status).body(problem);
    }

    /** The pool had no connection within connectionTimeout, or the database is down: retry later, not a bug. */
    @ExceptionHandler({CannotCreateTransactionException.class, DataAccessResourceFailureException.class, JDBCConnectionException.class})
    ResponseEntity<ProblemDetail> databaseUnavailable(Exception ex) {
        boolean poolExhausted = findCause(ex, SQLTransientConnectionException.class) != null;
        log.warn("database unavailable (pool exhausted: {}): {}", poolExhausted, ex.getMessage());
        ProblemDetail problem = poolExhausted
                ? problem(HttpStatus.SERVICE_UNAVAILABLE, "pool-exhausted", "No database connection available",
                        "All database connections stayed busy for the whole connection timeout; retry later.")
                : problem(HttpStatus.SERVICE_UNAVAILABLE, "database-unavailable", "Database unavailable",
                        "The database could not be reached; retry later.");
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS)
                .body(problem);
    }

    /** lab.database.concurrency-limit turned the request away before it could queue for a connection: back off. */
    @ExceptionHandler
    ResponseEntity<ProblemDetail> databaseBusy(InvocationRejectedException ex) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS)
                .body(problem(HttpStatus.SERVICE_UNAVAILABLE, "database-busy", "Too many requests waiting for the database",
                        "The service's limit on concurrent database work is reached; retry later."));
    }

    /** A constraint other than the CPF's: input that validation let through but the schema refuses. */
    @ExceptionHandler
    ResponseEntity<ProblemDetail> constraintViolated(DataIntegrityViolationException ex) {
        log.warn("constraint violated: {}", ex.getMostSpecificCause().getMessage());
        return ResponseEntity.unprocessableContent().body(problem(HttpStatus.UNPROCESSABLE_CONTENT, "constraint-violated",
                "Request violates a data constraint", "The request could not be stored as sent."));
    }

    @ExceptionHandler
    ResponseEntity<ProblemDetail> unexpected(Exception ex) {
        if (findCause(ex, SQLTransientConnectionException.class) != null) {
            return databaseUnavailable(ex);
        }
        log.error("unexpected error", ex);
        return ResponseEntity.internalServerError().body(problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal-error",
                "Internal error", "The request failed on the server; the request id identifies it in the logs."));
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

    private static ProblemDetail bodyTooLarge(BodyTooLargeException ex) {
        return problem(HttpStatus.CONTENT_TOO_LARGE, "body-too-large", "Request body too large", ex.getMessage());
    }

    private static ProblemDetail problem(HttpStatus status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create("urn:vthreads-lab:problem:" + type));
        problem.setTitle(title);
        return withRequestId(problem);
    }

    private static ProblemDetail withRequestId(ProblemDetail problem) {
        String requestId = MDC.get(RequestIdFilter.MDC_KEY);
        if (requestId != null) {
            problem.setProperty("requestId", requestId);
        }
        return problem;
    }

    private static Map<String, Object> fieldError(FieldError error) {
        return Map.of("field", error.getField(), "message", String.valueOf(error.getDefaultMessage()));
    }

    private static String unreadableDetail(HttpMessageNotReadableException ex) {
        return switch (findCause(ex, JacksonException.class)) {
            case UnrecognizedPropertyException e -> "Unknown field '" + e.getPropertyName() + "'.";
            case InvalidFormatException e -> "Field '" + path(e) + "' has the wrong type or format.";
            case MismatchedInputException e when !e.getPath().isEmpty() -> "Field '" + path(e) + "' has the wrong type.";
            case null -> "The body is missing or is not JSON.";
            default -> "The body is not valid JSON.";
        };
    }

    private static String path(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference ref : e.getPath()) {
            if (ref.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static <T extends Throwable> @Nullable T findCause(Throwable ex, Class<T> type) {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
