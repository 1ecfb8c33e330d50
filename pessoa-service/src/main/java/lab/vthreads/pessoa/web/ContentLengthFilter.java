package lab.vthreads.pessoa.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

import java.io.IOException;

/**
 * Sends every answer whole, with a Content-Length, instead of chunked.
 *
 * <p>Spring's JSON converter flushes the body it has written, and a flush commits a Tomcat response that has no
 * length yet: the body then went out chunked, in two writes (the chunk, then the last-chunk marker at the end of the
 * request), and the gateway read it in pieces. The bodies here are a few hundred bytes, so holding one until the end
 * costs a copy and saves a write and a wake-up of the reader on every request. Measured in the commit that added it.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
public class ContentLengthFilter extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ContentCachingResponseWrapper whole = new ContentCachingResponseWrapper(response);
        try {
            chain.doFilter(request, whole);
        } finally {
            whole.copyBodyToResponse();
        }
    }
}
