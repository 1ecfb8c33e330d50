package lab.vthreads.gateway.proxy;

import lab.vthreads.service.RequestDeadlines;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpRequestInterceptor;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;

/**
 * Tells pessoa-service when this gateway stops waiting ({@link RequestDeadlines}): now plus the proxy client's
 * response timeout, less a margin for the commit and the response's way back (at most half the timeout). Without
 * it pessoa-service stored people after the gateway had answered 504 (the pool experiment: up to 61 rows in a run
 * with no 201 for them), since its own worst case (Hikari's 30 s wait plus the lookups) is longer than the gateway's
 * 35 s. Any deadline the client sent is replaced: the gateway's timeout is the one that decides what the client is told.
 *
 * <p>Stamped by the proxy client as it sends the request, not by a route filter: a filter has to rebuild the whole
 * ServerRequest to change one header (headers, attributes and parameters copied), which took 7% of the gateway's CPU
 * per request in a profile (async-profiler, 150 req/s).
 */
@Component
public class UpstreamDeadline implements HttpRequestInterceptor {

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

    /** Puts this gateway's deadline on a request to pessoa-service, in place of any the client sent. */
    @Override
    public void process(HttpRequest request, EntityDetails entity, HttpContext context) {
        request.setHeader(RequestDeadlines.HEADER, RequestDeadlines.format(clock.instant().plus(ahead)));
    }
}
