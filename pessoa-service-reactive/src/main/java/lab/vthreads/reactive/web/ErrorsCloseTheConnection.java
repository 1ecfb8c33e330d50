package lab.vthreads.reactive.web;

import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An error answered to a request that carried a body closes the connection after it (RFC 9112, 9.6: a server that
 * answers before reading the whole body must read the rest or close). Such answers (415, 413, 400) often go out
 * before the body was read, and Reactor Netty, left to discard the rest on a kept-alive connection, sometimes never
 * answered the client's next request on it: the contract's generated requests saw one in about six runs wait out
 * the client's 30 s timeout, always a request right after such an answer. Successful answers, which read the whole
 * body, keep theirs.
 *
 * <p>Where nothing had read the body yet (a 415 is decided from the headers alone), it is read and discarded first, up
 * to {@link #MOST_DISCARDED} bytes, as Tomcat does in pessoa-service before it closes: a connection closed with the
 * body still arriving is reset, and a client still sending it (the gateway streams a form body chunked) fails on a
 * broken pipe without ever reading the answer, which the gateway then reports as its own 502.
 */
@Component
class ErrorsCloseTheConnection implements WebFilter, Ordered {

    /** After the request id is set, before anything that may answer an error: it must see every error answer. */
    static final int ORDER = 0;

    /** Tomcat's default maxSwallowSize: past it a client sending on is cut off, as in pessoa-service. */
    static final int MOST_DISCARDED = 2 * 1024 * 1024;

    /** A client that declared a body and stops sending it does not hold its answer back longer than this. */
    private static final Duration DISCARDING_AT_MOST = Duration.ofSeconds(5);

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        if (!carriesABody(request)) return chain.filter(exchange);
        BodyWatch watched = new BodyWatch(request);
        ServerHttpResponse response = exchange.getResponse();
        response.beforeCommit(() -> {
            HttpStatusCode status = response.getStatusCode();
            if (status == null || !status.isError()) return Mono.empty();
            response.getHeaders().set(HttpHeaders.CONNECTION, "close");
            return watched.read() ? Mono.empty() : watched.discardTheRest();
        });
        return chain.filter(exchange.mutate().request(watched).build());
    }

    private static boolean carriesABody(ServerHttpRequest request) {
        return request.getHeaders().getContentLength() > 0 || request.getHeaders().containsHeader(HttpHeaders.TRANSFER_ENCODING);
    }

    /** The request, noting whether anything subscribed to its body: a body can be read once. */
    private static final class BodyWatch extends ServerHttpRequestDecorator {

        private final AtomicBoolean read = new AtomicBoolean();

        BodyWatch(ServerHttpRequest request) {
            super(request);
        }

        @Override
        public Flux<DataBuffer> getBody() {
            return super.getBody().doOnSubscribe(subscription -> read.set(true));
        }

        boolean read() {
            return read.get();
        }

        /**
         * Read from Reactor Netty's own inbound, which lets each buffer go once it has been seen: the body Spring hands
         * out is retained for a decoder to keep, and letting that go here as well released Netty's buffers twice.
         */
        Mono<Void> discardTheRest() {
            HttpServerRequest server = ServerHttpRequestDecorator.getNativeRequest(getDelegate());
            AtomicLong discarded = new AtomicLong();
            return server.receive()
                    .takeWhile(buffer -> discarded.addAndGet(buffer.readableBytes()) <= MOST_DISCARDED)
                    .then()
                    .timeout(DISCARDING_AT_MOST, Mono.empty())
                    .onErrorResume(unreadable -> Mono.empty());
        }
    }
}
