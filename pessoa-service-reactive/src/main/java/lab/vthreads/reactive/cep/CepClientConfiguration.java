package lab.vthreads.reactive.cep;

import io.netty.channel.ChannelOption;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * The CEP API's WebClient on a connection pool of its own, with every limit the defaults leave open stated: how many
 * connections, how long to wait for one (the connect timeout, as pessoa-service's HttpClient waits), how long to
 * connect. The whole lookup's deadline is CepClient's.
 *
 * <p>How many may wait is left unbounded, as in pessoa-service's pool: Reactor Netty's default queue holds twice the
 * connections and fails every lookup beyond it at once, so with a small pool a burst of users would get 502s here
 * where the blocking service makes them wait, and the two would not be doing the same work.
 */
@Configuration(proxyBeanMethods = false)
class CepClientConfiguration {

    @Bean(destroyMethod = "dispose")
    ConnectionProvider cepConnections(CepProperties properties) {
        return ConnectionProvider.builder("cep")
                .maxConnections(properties.maxConnections())
                .pendingAcquireTimeout(properties.connectTimeout())
                .pendingAcquireMaxCount(-1)
                .metrics(true)
                .build();
    }

    @Bean
    WebClient cepWebClient(WebClient.Builder builder, ConnectionProvider cepConnections, CepProperties properties) {
        HttpClient http = HttpClient.create(cepConnections)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(properties.connectTimeout().toMillis()));
        return builder.baseUrl(properties.baseUrl().toString()).clientConnector(new ReactorClientHttpConnector(http)).build();
    }
}
