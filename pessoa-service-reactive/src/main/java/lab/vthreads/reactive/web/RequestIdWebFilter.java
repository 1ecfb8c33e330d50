package lab.vthreads.reactive.web;

import lab.vthreads.service.RequestIds;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The {@code X-Request-Id} as pessoa-service handles it: the client's when it is safe to log, else a new one, returned
 * and kept in the exchange for the problems. Not in the log lines' context: a reactive request hops threads, and
 * carrying the MDC across them (Reactor's context propagation) costs every operator; the problems carry the id.
 */
@Component
public class RequestIdWebFilter implements WebFilter, Ordered {

    public static final String ATTRIBUTE = RequestIdWebFilter.class.getName() + ".requestId";

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String requestId = RequestIds.acceptOrCreate(exchange.getRequest().getHeaders().getFirst(RequestIds.HEADER));
        exchange.getAttributes().put(ATTRIBUTE, requestId);
        exchange.getResponse().getHeaders().set(RequestIds.HEADER, requestId);
        return chain.filter(exchange);
    }
}
