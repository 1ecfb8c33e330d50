package lab.vthreads.reactive.problem;

import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import lab.vthreads.contract.problem.ContractProblems;
import lab.vthreads.contract.web.BodyTooLargeException;
import lab.vthreads.reactive.web.RequestIdWebFilter;
import lab.vthreads.service.RequestIds;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.bind.support.WebExchangeBindException;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import reactor.core.publisher.Mono;

import java.net.ConnectException;
import java.util.concurrent.TimeoutException;

/**
 * Every error as an RFC 9457 {@link ProblemDetail} with the request id, the same types and statuses as pessoa-service's:
 * the contract's own errors ({@link ErrorResponseException}) as they are, what WebFlux and R2DBC raise mapped onto the
 * contract's problems. Nothing a client sends yields a 500.
 */
@RestControllerAdvice
class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemDetailsAdvice.class);
    // Long enough for a queue to drain a little, short enough that a load generator comes back soon.
    private static final String RETRY_AFTER_SECONDS = "1";

    private final long maxBodyBytes;

    ProblemDetailsAdvice(@Value("${lab.request.max-body-bytes:16384}") long maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected Mono<ResponseEntity<Object>> handleWebExchangeBindException(WebExchangeBindException ex, HttpHeaders headers,
                                                                         HttpStatusCode status, ServerWebExchange exchange) {
        return handleExceptionInternal(ex, ContractProblems.invalidRequest(ex.getBindingResult()), headers, HttpStatus.BAD_REQUEST, exchange);
    }

    @Override
    protected Mono<ResponseEntity<Object>> handleServerWebInputException(ServerWebInputException ex, HttpHeaders headers,
                                                                        HttpStatusCode status, ServerWebExchange exchange) {
        return handleExceptionInternal(ex, ContractProblems.malformedBody(ex), headers, HttpStatus.BAD_REQUEST, exchange);
    }

    @Override
    protected Mono<ResponseEntity<Object>> handleErrorResponseException(ErrorResponseException ex, HttpHeaders headers,
                                                                       HttpStatusCode status, ServerWebExchange exchange) {
        if (status.is5xxServerError()) {
            log.warn("{}", ex.getBody().getDetail());
        }
        return super.handleErrorResponseException(ex, headers, status, exchange);
    }

    /**
     * No connection within r2dbc-pool's max-acquire-time (its R2dbcTimeoutException, caused by a TimeoutException), or
     * the database refused or dropped it (the transaction manager's CannotCreateTransactionException when that happens
     * as the transaction begins): retry later, not a bug.
     */
    @ExceptionHandler({CannotCreateTransactionException.class, DataAccessResourceFailureException.class, R2dbcTransientResourceException.class,
            R2dbcNonTransientResourceException.class, R2dbcTimeoutException.class, TimeoutException.class, ConnectException.class})
    ResponseEntity<ProblemDetail> databaseUnavailable(Exception ex, ServerWebExchange exchange) {
        boolean poolExhausted = ContractProblems.findCause(ex, TimeoutException.class) != null;
        log.warn("database unavailable (pool exhausted: {}): {}", poolExhausted, ex.getMessage());
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS)
                .body(withRequestId(ContractProblems.databaseUnavailable(poolExhausted, "acquire timeout"), exchange));
    }

    /** A constraint other than the CPF's: input that validation let through but the schema refuses. */
    @ExceptionHandler
    ResponseEntity<ProblemDetail> constraintViolated(DataIntegrityViolationException ex, ServerWebExchange exchange) {
        log.warn("constraint violated: {}", ex.getMostSpecificCause().getMessage());
        return ResponseEntity.unprocessableContent().body(withRequestId(ContractProblems.constraintViolated(), exchange));
    }

    @ExceptionHandler
    ResponseEntity<ProblemDetail> unexpected(Exception ex, ServerWebExchange exchange) {
        log.error("unexpected error", ex);
        return ResponseEntity.internalServerError().body(withRequestId(ContractProblems.internalError(), exchange));
    }

    @Override
    protected Mono<ResponseEntity<Object>> handleExceptionInternal(Exception ex, @Nullable Object body, HttpHeaders headers,
                                                                   HttpStatusCode status, ServerWebExchange exchange) {
        // The decoders' limit (RequestBodyLimit) surfaces as WebFlux's own 413, whichever exception carries it.
        if (status.value() == HttpStatus.CONTENT_TOO_LARGE.value() || ContractProblems.findCause(ex, DataBufferLimitException.class) != null) {
            BodyTooLargeException tooLarge = new BodyTooLargeException(maxBodyBytes);
            body = tooLarge.getBody();
            status = tooLarge.getStatusCode();
        }
        return super.handleExceptionInternal(ex, body, headers, status, exchange).doOnNext(response -> {
            if (response.getBody() instanceof ProblemDetail problem) {
                withRequestId(problem, exchange);
            }
        });
    }

    private static ProblemDetail withRequestId(ProblemDetail problem, ServerWebExchange exchange) {
        String requestId = exchange.getAttribute(RequestIdWebFilter.ATTRIBUTE);
        if (requestId != null) {
            problem.setProperty(RequestIds.MDC_KEY, requestId);
        }
        return problem;
    }
}
