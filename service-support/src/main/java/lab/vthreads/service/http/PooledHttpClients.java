package lab.vthreads.service.http;

import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpRequestInterceptor;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

import java.time.Duration;

/**
 * How both services build their Apache HttpClient 5 (classic, blocking) clients: the gateway's proxy client and
 * pessoa-service's CEP client. Classic because it does the I/O on the calling thread (a virtual thread in virtual
 * mode; 5.x locks with ReentrantLock, so nothing pins), with a pool whose size is chosen and observed, and nothing
 * done behind the caller's back: no retries (they would hide the faults the lab injects, and a proxy must not resend a
 * POST), no redirects, no cookies, no content compression (the bodies are a few hundred bytes).
 */
public final class PooledHttpClients {

    private PooledHttpClients() {
    }

    /**
     * @param maxConnections the pool's size, for the one route each service calls
     * @param socketTimeout  the longest wait for one read
     */
    public static PoolingHttpClientConnectionManager pool(int maxConnections, Duration connectTimeout, Duration socketTimeout) {
        return PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(maxConnections)
                .setMaxConnPerRoute(maxConnections)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(connectTimeout))
                        .setSocketTimeout(Timeout.of(socketTimeout))
                        .setValidateAfterInactivity(TimeValue.ofSeconds(2))
                        .build())
                .setDefaultSocketConfig(SocketConfig.custom().setTcpNoDelay(true).build())
                .build();
    }

    /**
     * @param leaseTimeout    the longest wait for a pooled connection
     * @param responseTimeout the longest wait for the response to begin
     * @param interceptors    run on every request just before it is sent, in this order
     */
    public static CloseableHttpClient client(PoolingHttpClientConnectionManager pool, Duration leaseTimeout, Duration responseTimeout,
                                             HttpRequestInterceptor... interceptors) {
        HttpClientBuilder builder = HttpClients.custom();
        for (HttpRequestInterceptor interceptor : interceptors) {
            builder.addRequestInterceptorLast(interceptor);
        }
        return builder
                .setConnectionManager(pool)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(Timeout.of(leaseTimeout))
                        .setResponseTimeout(Timeout.of(responseTimeout))
                        .build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .evictIdleConnections(TimeValue.ofSeconds(30))
                .build();
    }
}
