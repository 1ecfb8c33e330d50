package lab.vthreads.gateway.route;

import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

import java.net.URI;

/** Where the gateway sends traffic ({@code lab.gateway.pessoa-url}, or {@code LAB_GATEWAY_PESSOA_URL}). */
@Validated
@ConfigurationProperties("lab.gateway")
public record RouteProperties(@NotNull URI pessoaUrl) {
}
