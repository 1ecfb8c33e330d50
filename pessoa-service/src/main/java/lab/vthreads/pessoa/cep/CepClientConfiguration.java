package lab.vthreads.pessoa.cep;

import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The CEP API's HTTP client: Apache HttpClient 5 classic, pooled, as the gateway's proxy client.
 *
 * <p>Why not the JDK HttpClient this service used before: every exchange hopped between the calling thread, the
 * client's selector thread and its executor, and those hand-offs were the largest item in the request's CPU profile.
 * HttpClient 5 classic does the I/O on the calling thread (in virtual mode a virtual thread; 5.x locks with
 * ReentrantLock, so nothing pins it), and adds no threads of its own to either mode's thread counts.
 *
 * <p>No content compression: the CEP bodies are ~300 bytes, and inflating them cost more than it saved.
 */
@Configuration(proxyBeanMethods = false)
class CepClientConfiguration {

    @Bean(destroyMethod = "close")
    PoolingHttpClientConnectionManager cepConnectionManager(CepProperties properties) {
        return PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(properties.maxConnections())
                .setMaxConnPerRoute(properties.maxConnections())
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(properties.connectTimeout()))
                        .setSocketTimeout(Timeout.of(properties.readTimeout()))
                        .setValidateAfterInactivity(TimeValue.ofSeconds(2))
                        .build())
                .setDefaultSocketConfig(SocketConfig.custom().setTcpNoDelay(true).build())
                .build();
    }

    @Bean(destroyMethod = "close")
    CloseableHttpClient cepHttpClient(PoolingHttpClientConnectionManager cepConnectionManager, CepProperties properties) {
        return HttpClients.custom()
                .setConnectionManager(cepConnectionManager)
                .setDefaultRequestConfig(RequestConfig.custom()
                        // Waiting for a pooled connection counts as the API being slow: the same budget as a connect.
                        .setConnectionRequestTimeout(Timeout.of(properties.connectTimeout()))
                        .setResponseTimeout(Timeout.of(properties.readTimeout()))
                        .build())
                // A lookup is a GET, but a retry would hide the very faults the lab injects.
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .evictIdleConnections(TimeValue.ofSeconds(30))
                .build();
    }

    /** Leased, available and pending CEP connections: a pool that binds shows up as pending, not as slow lookups. */
    @Bean
    PoolingHttpClientConnectionManagerMetricsBinder cepPoolMetrics(PoolingHttpClientConnectionManager cepConnectionManager) {
        return new PoolingHttpClientConnectionManagerMetricsBinder(cepConnectionManager, "cep-api");
    }
}
