package lab.vthreads.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * Counts the application's requests by the kind of thread that handled them, {@code lab.requests.threads{kind=virtual}}
 * or {@code {kind=platform}}. {@code spring.threads.virtual.enabled} says what was asked for; this says what ran, so a
 * user (or the compose check, through {@code /actuator/metrics/lab.requests.threads}) can see a mode switch take effect.
 * Actuator's own requests on the management port do not pass through it.
 */
public class RequestThreadsFilter extends OncePerRequestFilter {

    public static final String METRIC = "lab.requests.threads";

    private final Counter virtual;
    private final Counter platform;

    public RequestThreadsFilter(MeterRegistry registry) {
        this.virtual = counter(registry, "virtual");
        this.platform = counter(registry, "platform");
    }

    private static Counter counter(MeterRegistry registry, String kind) {
        return Counter.builder(METRIC).description("Application requests by the kind of thread that handled them")
                .tag("kind", kind).register(registry);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        (Thread.currentThread().isVirtual() ? virtual : platform).increment();
        chain.doFilter(request, response);
    }
}
