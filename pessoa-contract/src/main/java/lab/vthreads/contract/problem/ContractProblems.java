package lab.vthreads.contract.problem;

import lab.vthreads.service.ProblemTypes;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.validation.BindingResult;
import org.springframework.validation.FieldError;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import java.util.List;
import java.util.Map;

/**
 * The contract's problems for input the framework refuses, written once for both implementations: Spring MVC and
 * WebFlux raise different exceptions for the same bad body, and a client must read the same problem from either.
 */
public final class ContractProblems {

    private ContractProblems() {
    }

    /** 400 {@code invalid-request}, with each invalid field and its message. */
    public static ProblemDetail invalidRequest(BindingResult result) {
        ProblemDetail problem = ProblemTypes.problem(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request",
                "The request has " + result.getErrorCount() + " invalid field(s).");
        List<Map<String, Object>> errors = result.getFieldErrors().stream().map(ContractProblems::fieldError).toList();
        problem.setProperty("errors", errors);
        return problem;
    }

    /** 400 {@code malformed-body}, naming what Jackson found wrong when it says. */
    public static ProblemDetail malformedBody(Throwable ex) {
        return ProblemTypes.problem(HttpStatus.BAD_REQUEST, "malformed-body", "Malformed request body", unreadableDetail(ex));
    }

    /**
     * 503: no pooled connection within the pool's timeout ({@code pool-exhausted}, the database is busy), or none could
     * be opened ({@code database-unavailable}, it is down). Either way, retry later.
     *
     * @param poolTimeout the pool's name for its timeout, as the detail says it
     */
    public static ProblemDetail databaseUnavailable(boolean poolExhausted, String poolTimeout) {
        return poolExhausted
                ? ProblemTypes.problem(HttpStatus.SERVICE_UNAVAILABLE, "pool-exhausted", "No database connection available",
                        "All database connections stayed busy for the whole " + poolTimeout + "; retry later.")
                : ProblemTypes.problem(HttpStatus.SERVICE_UNAVAILABLE, "database-unavailable", "Database unavailable",
                        "The database could not be reached; retry later.");
    }

    /** 422: a constraint other than the CPF's, input that validation let through but the schema refuses. */
    public static ProblemDetail constraintViolated() {
        return ProblemTypes.problem(HttpStatus.UNPROCESSABLE_CONTENT, "constraint-violated", "Request violates a data constraint",
                "The request could not be stored as sent.");
    }

    /** 500: a bug, not the client's input; the request id finds it in the logs. */
    public static ProblemDetail internalError() {
        return ProblemTypes.problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal-error", "Internal error",
                "The request failed on the server; the request id identifies it in the logs.");
    }

    public static <T> @Nullable T findCause(Throwable ex, Class<T> type) {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static Map<String, Object> fieldError(FieldError error) {
        return Map.of("field", error.getField(), "message", String.valueOf(error.getDefaultMessage()));
    }

    private static String unreadableDetail(Throwable ex) {
        return switch (findCause(ex, JacksonException.class)) {
            case UnrecognizedPropertyException e -> "Unknown field '" + e.getPropertyName() + "'.";
            case InvalidFormatException e -> "Field '" + path(e) + "' has the wrong type or format.";
            case MismatchedInputException e when !e.getPath().isEmpty() -> "Field '" + path(e) + "' has the wrong type.";
            // Jackson says these only in its messages (StreamReadFeature.STRICT_DUPLICATE_DETECTION, FAIL_ON_TRAILING_TOKENS).
            case StreamReadException e when e.getOriginalMessage().startsWith("Duplicate Object property")
                    -> "A field appears more than once (" + e.getOriginalMessage().substring("Duplicate Object property ".length())
                    + "): which value was meant is ambiguous.";
            case MismatchedInputException e when e.getOriginalMessage().startsWith("Trailing token")
                    -> "The body has more content after its JSON object.";
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
}
