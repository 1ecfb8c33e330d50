package lab.vthreads.gateway.proxy;

import lab.vthreads.service.RequestDeadlines;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.function.ServerRequest;

import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;

/**
 * Tells pessoa-service when this gateway stops waiting ({@link RequestDeadlines}): now plus the proxy client's
 * response timeout, less a margin for the commit and the response's way back (at most half the timeout). Without
 * it pessoa-service stored people after the gateway had answered 504 (the pool experiment: up to 61 rows in a run
 * with no 201 for them), since its own worst case (Hikari's 30 s wait plus the lookups) is longer than the gateway's
 * 35 s. Any deadline the client sent is replaced: the gateway's timeout is the one that decides what the client is told.
 */
@Component
public class UpstreamDeadline {

    private final Duration ahead;
    private final Clock clock;

    @Autowired
    UpstreamDeadline(ProxyClientProperties properties) {
        this(properties, Clock.systemUTC());
    }

    UpstreamDeadline(ProxyClientProperties properties, Clock clock) {
        Duration margin = properties.deadlineMargin();
        Duration half = properties.responseTimeout().dividedBy(2);
        this.ahead = properties.responseTimeout().minus(margin.compareTo(half) > 0 ? half : margin);
        this.clock = clock;
    }

    /** The route's before-filter: the request with this gateway's deadline on it. */
    public Function<ServerRequest, ServerRequest> stamp() {
        return request -> ServerRequest.from(request)
                .headers(headers -> headers.set(RequestDeadlines.HEADER, RequestDeadlines.format(clock.instant().plus(ahead))))
                .build();
    }
}
