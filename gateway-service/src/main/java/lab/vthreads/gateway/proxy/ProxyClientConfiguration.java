package lab.vthreads.gateway.proxy;

import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import lab.vthreads.service.http.PooledHttpClients;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;

/**
 * The proxy's HTTP client: Apache HttpClient 5 (classic, blocking) with an explicit connection pool.
 *
 * <p>Why not the JDK HttpClient the gateway would pick by default: it has no pool size to set or observe, and every
 * exchange hops between the caller, its selector thread and its executor; measured on pessoa-service's CEP calls,
 * the client's selector and worker threads used about 0.6 ms of CPU per request (measured at 200 req/s). HttpClient 5 does the I/O on the calling thread,
 * which in virtual mode is a virtual thread (5.x locks with ReentrantLock, so nothing pins it), keeps connections
 * alive in a pool of a size we choose, and Micrometer binds that pool's metrics (leased, available, pending).
 */
@Configuration(proxyBeanMethods = false)
class ProxyClientConfiguration {

    @Bean(destroyMethod = "close")
    PoolingHttpClientConnectionManager proxyConnectionManager(ProxyClientProperties properties) {
        return PooledHttpClients.pool(properties.maxConnections(), properties.connectTimeout(), properties.responseTimeout());
    }

    /**
     * No automatic retries above all: pessoa-service may already have stored the person a POST carried. Every request
     * carries the gateway's deadline ({@link UpstreamDeadline}).
     */
    @Bean(destroyMethod = "close")
    CloseableHttpClient proxyHttpClient(PoolingHttpClientConnectionManager connectionManager, ProxyClientProperties properties,
                                        UpstreamDeadline deadline) {
        return PooledHttpClients.client(connectionManager, properties.connectionRequestTimeout(), properties.responseTimeout(), deadline);
    }

    /** Picked up by Spring Cloud Gateway MVC's RestClient, which does the proxying. */
    @Bean
    ClientHttpRequestFactory proxyRequestFactory(CloseableHttpClient proxyHttpClient) {
        return new HttpComponentsClientHttpRequestFactory(proxyHttpClient);
    }

    /** Boot binds every MeterBinder bean to the registry: leased, available and pending connections, and the maxima. */
    @Bean
    PoolingHttpClientConnectionManagerMetricsBinder proxyPoolMetrics(PoolingHttpClientConnectionManager connectionManager) {
        return new PoolingHttpClientConnectionManagerMetricsBinder(connectionManager, "pessoa-service");
    }
}
