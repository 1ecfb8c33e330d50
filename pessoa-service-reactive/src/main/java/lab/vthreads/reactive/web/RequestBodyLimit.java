package lab.vthreads.reactive.web;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.web.reactive.config.WebFluxConfigurer;

/**
 * Request bodies over {@code lab.request.max-body-bytes}, pessoa-service's limit and key: the server's decoders stop
 * buffering there (DataBufferLimitException, a 413 body-too-large in ProblemDetailsAdvice), whether the body declared
 * its length or came chunked. Only the server's codecs: the CEP client's answers are not request bodies.
 */
@Configuration(proxyBeanMethods = false)
class RequestBodyLimit implements WebFluxConfigurer {

    private final int maxBytes;

    RequestBodyLimit(@Value("${lab.request.max-body-bytes:16384}") int maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public void configureHttpMessageCodecs(ServerCodecConfigurer configurer) {
        configurer.defaultCodecs().maxInMemorySize(maxBytes);
    }
}
