package lab.vthreads.pessoa.cep;

import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import lab.vthreads.service.http.PooledHttpClients;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The CEP API's HTTP client: Apache HttpClient 5 classic, pooled, built as the gateway's proxy client is
 * ({@link PooledHttpClients}).
 *
 * <p>Why not the JDK HttpClient this service used before: every exchange hopped between the calling thread, the
 * client's selector thread and its executor. Measured side by side at 120 req/s, warm, pessoa-service spent 4.97 and
 * 4.76 ms of CPU per request with it and 2.08 and 3.21 ms with HttpClient 5, which adds no threads of its own to
 * either mode's thread counts. No content compression: the CEP bodies are ~300 bytes.
 */
@Configuration(proxyBeanMethods = false)
class CepClientConfiguration {

    @Bean(destroyMethod = "close")
    PoolingHttpClientConnectionManager cepConnectionManager(CepProperties properties) {
        return PooledHttpClients.pool(properties.maxConnections(), properties.connectTimeout(), properties.readTimeout());
    }

    /** Waiting for a pooled connection counts as the API being slow: the same budget as a connect. */
    @Bean(destroyMethod = "close")
    CloseableHttpClient cepHttpClient(PoolingHttpClientConnectionManager cepConnectionManager, CepProperties properties) {
        return PooledHttpClients.client(cepConnectionManager, properties.connectTimeout(), properties.readTimeout());
    }

    /** Leased, available and pending CEP connections: a pool that binds shows up as pending, not as slow lookups. */
    @Bean
    PoolingHttpClientConnectionManagerMetricsBinder cepPoolMetrics(PoolingHttpClientConnectionManager cepConnectionManager) {
        return new PoolingHttpClientConnectionManagerMetricsBinder(cepConnectionManager, "cep-api");
    }
}
