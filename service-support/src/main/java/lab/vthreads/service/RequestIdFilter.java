package lab.vthreads.service;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.MDC;
import org.springframework.core.Ordered;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;

/**
 * Gives every request an {@code X-Request-Id} (the client's, when it is safe to log, or a new one), returns it, puts it
 * in the service's log lines and in the request as the code after it sees it: the gateway passes it on to
 * pessoa-service, which logs the same id, so a failed request can be followed across both. First of all filters, so
 * that every log line of the request has it.
 */
public class RequestIdFilter extends OncePerRequestFilter implements Ordered {

    public static final String ATTRIBUTE = RequestIdFilter.class.getName() + ".requestId";

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String incoming = request.getHeader(RequestIds.HEADER);
        String requestId = RequestIds.acceptOrCreate(incoming);
        request.setAttribute(ATTRIBUTE, requestId);
        response.setHeader(RequestIds.HEADER, requestId);
        MDC.put(RequestIds.MDC_KEY, requestId);
        try {
            chain.doFilter(requestId.equals(incoming) ? request : new WithRequestId(request, requestId), response);
        } finally {
            MDC.remove(RequestIds.MDC_KEY);
        }
    }

    /** The request as the proxy sees it: with our id in place of a missing or unsafe one. */
    private static final class WithRequestId extends HttpServletRequestWrapper {
        private final String requestId;

        WithRequestId(HttpServletRequest request, String requestId) {
            super(request);
            this.requestId = requestId;
        }

        @Override
        public String getHeader(String name) {
            return RequestIds.HEADER.equalsIgnoreCase(name) ? requestId : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return RequestIds.HEADER.equalsIgnoreCase(name) ? Collections.enumeration(java.util.List.of(requestId)) : super.getHeaders(name);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            java.util.List<String> names = Collections.list(super.getHeaderNames());
            if (names.stream().noneMatch(RequestIds.HEADER::equalsIgnoreCase)) {
                names.add(RequestIds.HEADER);
            }
            return Collections.enumeration(names);
        }
    }
}
