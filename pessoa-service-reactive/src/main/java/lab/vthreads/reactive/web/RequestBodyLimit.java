package lab.vthreads.reactive.web;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Request bodies over {@code lab.request.max-body-bytes}, pessoa-service's limit and key, refused with a 413
 * body-too-large (DataBufferLimitException, mapped in ProblemDetailsAdvice), whether the body declared its length or
 * came chunked. Only the server's codecs: the CEP client's answers are not request bodies.
 *
 * <p>A body that declares a length past the limit is refused before any of it is read, as Tomcat refuses it in
 * pessoa-service: read up to the limit first, it would leave {@link ErrorsCloseTheConnection} a body half read, whose
 * rest it may not discard, and the connection would close under a client still sending (the gateway streams the body
 * on), which then fails on a reset instead of reading the 413. Unread, the whole body is discarded before the answer.
 */
@Component
class RequestBodyLimit implements WebFluxConfigurer, WebFilter, Ordered {

    private final int maxBytes;

    RequestBodyLimit(@Value("${lab.request.max-body-bytes:16384}") int maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public void configureHttpMessageCodecs(ServerCodecConfigurer configurer) {
        configurer.defaultCodecs().maxInMemorySize(maxBytes);
    }

    /** Inside ErrorsCloseTheConnection's watch: a body this filter refuses counts there as never read. */
    @Override
    public int getOrder() {
        return ErrorsCloseTheConnection.ORDER + 1;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        long declared = request.getHeaders().getContentLength();
        if (declared <= maxBytes) return chain.filter(exchange);
        return chain.filter(exchange.mutate().request(new ServerHttpRequestDecorator(request) {
            @Override
            public Flux<DataBuffer> getBody() {
                return Flux.error(new DataBufferLimitException("the body declares " + declared + " bytes, past the limit of " + maxBytes));
            }
        }).build());
    }
}
