package lab.vthreads.pessoa.cep;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.net.URI;
import java.time.Duration;

/**
 * The downstream CEP API ({@code lab.cep.*}, or {@code LAB_CEP_BASE_URL} and friends from the environment).
 *
 * @param readTimeout             every answer a request needs, headers and bodies of all its lookups, must arrive within this
 * @param lookupInsideTransaction do the lookups while the database transaction, and so a pooled connection,
 *                                is held: the deliberate anti-pattern in which the pool becomes the bottleneck
 * @param maxConnections          open connections to the API at most; high enough by default that the lab's
 *                                scenarios never queue on it (the JDK client it replaced had no limit)
 * @param lock                    the pinning experiment's factor: each lookup's I/O inside a lock of its own,
 *                                {@code synchronized} (pins a virtual thread on JDK 21) or a ReentrantLock; none by default
 */
@Validated
@ConfigurationProperties("lab.cep")
public record CepProperties(
        @NotNull URI baseUrl,
        @NotNull @DefaultValue("1s") Duration connectTimeout,
        @NotNull @DefaultValue("2s") Duration readTimeout,
        @DefaultValue("false") boolean lookupInsideTransaction,
        @Positive @DefaultValue("2000") int maxConnections,
        @NotNull @DefaultValue("none") LegacyConnectionLock.Kind lock) {
}
