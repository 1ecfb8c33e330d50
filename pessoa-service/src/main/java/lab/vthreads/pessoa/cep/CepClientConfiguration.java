package lab.vthreads.pessoa.cep;

import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import java.net.http.HttpClient;
import java.util.concurrent.Executors;

@Configuration(proxyBeanMethods = false)
class CepClientConfiguration {

    /**
     * RestClient on the JDK HttpClient, pinned to HTTP/1.1: the mock (and ViaCEP) speak it, and an h2c upgrade
     * attempt would add a round trip to every new connection.
     *
     * <p>The client's own executor runs on virtual threads: its default is a cached pool of platform threads that
     * grows with concurrent responses, which in virtual mode would put hundreds of platform threads back and
     * distort the very thread counts the lab compares. Measured CPU per request is the same either way.
     */
    @Bean
    RestClient cepRestClient(RestClient.Builder builder, CepProperties properties) {
        HttpClient httpClient = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(properties.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
        JdkClientHttpRequestFactory requestFactory = new JdkClientHttpRequestFactory(httpClient);
        requestFactory.setReadTimeout(properties.readTimeout());
        return builder.baseUrl(properties.baseUrl().toString()).requestFactory(requestFactory).build();
    }
}
