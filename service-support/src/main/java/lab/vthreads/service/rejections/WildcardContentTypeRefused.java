package lab.vthreads.service.rejections;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A request whose Content-Type is a wildcard ({@code application/*}) gets a 415 problem detail, as any type a service
 * does not read does. Spring MVC refuses such a header with an IllegalArgumentException ("Content-Type cannot contain
 * wildcard subtype") wherever it first reads the request's headers: in the gateway that is while it picks the route,
 * before any handler or exception handler, so it came out a 500 from both services. WebFlux answers it 415.
 */
public class WildcardContentTypeRefused extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!isWildcard(request.getContentType())) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        // Spring's own 415 problem (type about:blank), without the header's text: it is the client's input.
        response.getOutputStream().write(("{\"title\":\"Unsupported Media Type\",\"status\":415,"
                + "\"detail\":\"A body's Content-Type names one media type; a wildcard names none.\"}").getBytes(StandardCharsets.UTF_8));
    }

    static boolean isWildcard(String header) {
        if (header == null) return false;
        try {
            MediaType type = MediaType.parseMediaType(header);
            return type.isWildcardType() || type.isWildcardSubtype();
        } catch (InvalidMediaTypeException unreadable) {
            // Spring MVC answers an unparseable type 415 itself.
            return false;
        }
    }
}
