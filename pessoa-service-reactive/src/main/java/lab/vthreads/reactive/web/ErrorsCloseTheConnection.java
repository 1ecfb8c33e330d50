package lab.vthreads.reactive.web;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * An error answered to a request that carried a body closes the connection after it (RFC 9112, 9.6: a server that
 * answers before reading the whole body must read the rest or close). Such answers (415, 413, 400) often go out
 * before the body was read, and Reactor Netty, left to discard the rest on a kept-alive connection, sometimes never
 * answered the client's next request on it: the contract's generated requests saw one in about six runs wait out
 * the client's 30 s timeout, always a request right after such an answer. Tomcat, in pessoa-service, closes the
 * connection after such errors itself. Successful answers, which read the whole body, keep theirs.
 */
@Component
class ErrorsCloseTheConnection implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        if (carriesABody(request)) {
            ServerHttpResponse response = exchange.getResponse();
            response.beforeCommit(() -> {
                HttpStatusCode status = response.getStatusCode();
                if (status != null && status.isError()) response.getHeaders().set(HttpHeaders.CONNECTION, "close");
                return Mono.empty();
            });
        }
        return chain.filter(exchange);
    }

    private static boolean carriesABody(ServerHttpRequest request) {
        return request.getHeaders().getContentLength() > 0 || request.getHeaders().containsHeader(HttpHeaders.TRANSFER_ENCODING);
    }
}
