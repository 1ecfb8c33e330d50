package lab.vthreads.gateway.proxy;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * The gateway's HTTP client to pessoa-service ({@code lab.gateway.client.*}, or {@code LAB_GATEWAY_CLIENT_*}).
 *
 * @param maxConnections           pooled keep-alive connections to pessoa-service. Sized above the lab's largest
 *                                 concurrency (1000 users) so the gateway never queues requests that pessoa-service
 *                                 could take: a queue here would be a bottleneck the lab does not mean to measure
 * @param connectTimeout           to open a TCP connection; a refused or unreachable pessoa-service is a 502
 * @param responseTimeout          between bytes of the response; exceeded, it is a 504. The default sits above
 *                                 pessoa-service's worst legitimate wait (Hikari's 30 s connectionTimeout)
 * @param connectionRequestTimeout to lease a pooled connection; exceeded, the gateway answers 503
 * @param deadlineMargin           how long before the response timeout pessoa-service's deadline falls
 *                                 ({@link UpstreamDeadline}): time for its commit and for its answer to come back; at
 *                                 most half the response timeout (a test's 1 s timeout keeps a 0.5 s margin)
 */
@Validated
@ConfigurationProperties("lab.gateway.client")
public record ProxyClientProperties(
        @Min(1) @DefaultValue("2000") int maxConnections,
        @NotNull @DefaultValue("1s") Duration connectTimeout,
        @NotNull @DefaultValue("35s") Duration responseTimeout,
        @NotNull @DefaultValue("5s") Duration connectionRequestTimeout,
        @NotNull @DefaultValue("2s") Duration deadlineMargin) {
}
