package lab.vthreads.reactive.cep;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.net.URI;
import java.time.Duration;

/**
 * The downstream CEP API, under the same keys as pessoa-service's ({@code lab.cep.*}), so the lab and the tests set
 * both implementations alike.
 *
 * @param readTimeout             every answer a request needs, headers and bodies of all its lookups, must arrive within this
 * @param lookupInsideTransaction do the lookups while the transaction, and so a pooled R2DBC connection, is held
 * @param maxConnections          open connections to the API at most (Reactor Netty's default is 500 per host, fewer
 *                                than pessoa-service's HttpClient allows; the lab's scenarios must not queue on it)
 * @param connectTimeout          also how long a lookup waits for one of those connections, as in pessoa-service: the
 *                                same budget as a connect (Reactor Netty's own default waits 45 s)
 */
@Validated
@ConfigurationProperties("lab.cep")
public record CepProperties(
        @NotNull URI baseUrl,
        @NotNull @DefaultValue("1s") Duration connectTimeout,
        @NotNull @DefaultValue("2s") Duration readTimeout,
        @DefaultValue("false") boolean lookupInsideTransaction,
        @Positive @DefaultValue("2000") int maxConnections) {
}
