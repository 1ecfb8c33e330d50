package lab.vthreads.gateway.proxy;

import lab.vthreads.service.RequestDeadlines;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.servlet.function.ServerRequest;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class UpstreamDeadlineTest {

    static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void theDeadlineIsTheResponseTimeoutLessTheMarginFromNowAndReplacesTheClients() {
        UpstreamDeadline deadline = new UpstreamDeadline(properties(Duration.ofSeconds(35), Duration.ofSeconds(2)), Clock.fixed(NOW, ZoneOffset.UTC));
        MockHttpServletRequest incoming = new MockHttpServletRequest("POST", "/v1/pessoas");
        incoming.addHeader(RequestDeadlines.HEADER, "99999999999999");

        ServerRequest stamped = deadline.stamp().apply(ServerRequest.create(incoming, List.of()));

        assertThat(stamped.headers().header(RequestDeadlines.HEADER)).containsExactly(Long.toString(NOW.plusSeconds(33).toEpochMilli()));
        assertThat(RequestDeadlines.parse(stamped.headers().firstHeader(RequestDeadlines.HEADER))).isEqualTo(NOW.plusSeconds(33));
    }

    @Test
    void aMarginOverHalfTheResponseTimeoutIsCutToHalf() {
        UpstreamDeadline deadline = new UpstreamDeadline(properties(Duration.ofSeconds(1), Duration.ofSeconds(2)), Clock.fixed(NOW, ZoneOffset.UTC));

        ServerRequest stamped = deadline.stamp().apply(ServerRequest.create(new MockHttpServletRequest("POST", "/v1/pessoas"), List.of()));

        assertThat(RequestDeadlines.parse(stamped.headers().firstHeader(RequestDeadlines.HEADER))).isEqualTo(NOW.plusMillis(500));
    }

    private static ProxyClientProperties properties(Duration responseTimeout, Duration margin) {
        return new ProxyClientProperties(2000, Duration.ofSeconds(1), responseTimeout, Duration.ofSeconds(5), margin);
    }
}
