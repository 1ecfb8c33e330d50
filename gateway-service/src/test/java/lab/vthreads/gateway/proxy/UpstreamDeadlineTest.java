package lab.vthreads.gateway.proxy;

import lab.vthreads.service.RequestDeadlines;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.core5.http.protocol.BasicHttpContext;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class UpstreamDeadlineTest {

    static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void theDeadlineIsTheResponseTimeoutLessTheMarginFromNowAndReplacesTheClients() {
        UpstreamDeadline deadline = new UpstreamDeadline(properties(Duration.ofSeconds(35), Duration.ofSeconds(2)), Clock.fixed(NOW, ZoneOffset.UTC));
        HttpPost outgoing = new HttpPost("http://127.0.0.1:8081/v1/pessoas");
        outgoing.addHeader(RequestDeadlines.HEADER, "99999999999999");

        deadline.process(outgoing, null, new BasicHttpContext());

        assertThat(outgoing.getHeaders(RequestDeadlines.HEADER)).extracting(h -> h.getValue())
                .containsExactly(Long.toString(NOW.plusSeconds(33).toEpochMilli()));
        assertThat(RequestDeadlines.parse(outgoing.getFirstHeader(RequestDeadlines.HEADER).getValue())).isEqualTo(NOW.plusSeconds(33));
    }

    @Test
    void aMarginOverHalfTheResponseTimeoutIsCutToHalf() {
        UpstreamDeadline deadline = new UpstreamDeadline(properties(Duration.ofSeconds(1), Duration.ofSeconds(2)), Clock.fixed(NOW, ZoneOffset.UTC));
        HttpPost outgoing = new HttpPost("http://127.0.0.1:8081/v1/pessoas");

        deadline.process(outgoing, null, new BasicHttpContext());

        assertThat(RequestDeadlines.parse(outgoing.getFirstHeader(RequestDeadlines.HEADER).getValue())).isEqualTo(NOW.plusMillis(500));
    }

    private static ProxyClientProperties properties(Duration responseTimeout, Duration margin) {
        return new ProxyClientProperties(2000, Duration.ofSeconds(1), responseTimeout, Duration.ofSeconds(5), margin);
    }
}
