package lab.vthreads.gateway.proxy;

import lab.vthreads.service.RequestIdFilter;
import lab.vthreads.service.ProblemTypes;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;

/**
 * Turns a failed proxy call into an RFC 9457 problem, so a client never sees a hanging connection or a stack trace:
 * pessoa-service unreachable → 502, too slow → 504, the gateway's own pool exhausted → 503.
 * Statuses that pessoa-service itself sends are not failures here: they pass through unchanged.
 */
@Component
public class ProxyFailures {

    private static final Logger log = LoggerFactory.getLogger(ProxyFailures.class);

    /** Everything the proxy call throws is answered as a problem; the classification picks the status. */
    public boolean isProxyFailure(Throwable ex) {
        return true;
    }

    public ServerResponse toProblem(Throwable ex, ServerRequest request) {
        Failure failure = classify(ex);
        log.warn("proxy to pessoa-service failed ({}): {}", failure.status().value(), rootMessage(ex));
        ProblemDetail problem = ProblemTypes.problem(failure.status(), failure.type(), failure.title(), failure.detail());
        problem.setInstance(URI.create(request.path()));
        Object requestId = request.servletRequest().getAttribute(RequestIdFilter.ATTRIBUTE);
        if (requestId != null) {
            problem.setProperty("requestId", requestId);
        }
        ServerResponse.BodyBuilder response = ServerResponse.status(failure.status()).contentType(MediaType.APPLICATION_PROBLEM_JSON);
        if (failure.status() == HttpStatus.SERVICE_UNAVAILABLE) {
            response.header(HttpHeaders.RETRY_AFTER, "1");
        }
        return response.body(problem);
    }

    static Failure classify(Throwable ex) {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof ConnectionRequestTimeoutException) {
                return new Failure(HttpStatus.SERVICE_UNAVAILABLE, "gateway-pool-exhausted", "Gateway connection pool exhausted",
                        "No connection to pessoa-service was free within the gateway's connection-request timeout; retry later.");
            }
            if (t instanceof ConnectTimeoutException || t instanceof java.net.ConnectException) {
                return unreachable();
            }
            if (t instanceof SocketTimeoutException) {
                return new Failure(HttpStatus.GATEWAY_TIMEOUT, "upstream-timeout", "pessoa-service timed out",
                        "pessoa-service did not answer within the gateway's response timeout.");
            }
        }
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                return unreachable();
            }
        }
        return new Failure(HttpStatus.INTERNAL_SERVER_ERROR, "gateway-error", "Gateway error",
                "The gateway failed to proxy the request; the request id identifies it in the logs.");
    }

    private static Failure unreachable() {
        return new Failure(HttpStatus.BAD_GATEWAY, "upstream-unavailable", "pessoa-service unavailable",
                "The gateway could not get a response from pessoa-service.");
    }

    private static String rootMessage(Throwable ex) {
        Throwable root = ex;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }

    record Failure(HttpStatus status, String type, String title, String detail) {
    }
}
