package lab.vthreads.gateway.proxy;

import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

/** Every way a proxy call fails has its status and problem type, wherever in the cause chain the reason sits. */
class ProxyFailuresTest {

    @Test
    void anExhaustedProxyPoolIs503() {
        ProxyFailures.Failure failure = ProxyFailures.classify(new RuntimeException(new ConnectionRequestTimeoutException("lease timed out")));

        assertThat(failure.status()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(failure.type()).isEqualTo("gateway-pool-exhausted");
    }

    @Test
    void anUpstreamThatCannotBeReachedIs502() {
        assertThat(ProxyFailures.classify(new ConnectException("Connection refused")).status()).isEqualTo(HttpStatus.BAD_GATEWAY);
        assertThat(ProxyFailures.classify(new ConnectTimeoutException("connect timed out")).status()).isEqualTo(HttpStatus.BAD_GATEWAY);
        assertThat(ProxyFailures.classify(new IOException("Connection reset")).type()).isEqualTo("upstream-unavailable");
    }

    @Test
    void anUpstreamTooSlowIs504() {
        ProxyFailures.Failure failure = ProxyFailures.classify(new RuntimeException(new SocketTimeoutException("Read timed out")));

        assertThat(failure.status()).isEqualTo(HttpStatus.GATEWAY_TIMEOUT);
        assertThat(failure.type()).isEqualTo("upstream-timeout");
    }

    @Test
    void anythingElseIsTheGatewaysOwn500WithoutItsDetails() {
        ProxyFailures.Failure failure = ProxyFailures.classify(new IllegalStateException("a bug in a filter"));

        assertThat(failure.status()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
        assertThat(failure.type()).isEqualTo("gateway-error");
        assertThat(failure.detail()).doesNotContain("a bug in a filter");
    }
}
