package lab.vthreads.infra.testsupport;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link Http#postJsonUntil} against a real socket server that answers with the statuses it is given, in order. */
class HttpTest {

    private HttpServer server;
    private final Deque<Integer> statuses = new ArrayDeque<>();
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/pessoas", exchange -> {
            requests.incrementAndGet();
            Integer status;
            synchronized (statuses) {
                status = statuses.size() > 1 ? statuses.poll() : statuses.peek();
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private Http.Reply postUntilCreated(List<Integer> answers) {
        statuses.addAll(answers);
        return new Http("http://127.0.0.1:" + server.getAddress().getPort()).postJsonUntil(201, Duration.ofSeconds(10), "/v1/pessoas", () -> "{}");
    }

    @Test
    void triesAgainWhileTheServiceIsWarmingUp() {
        assertThat(postUntilCreated(List.of(504, 503, 201)).status()).isEqualTo(201);
        assertThat(requests).hasValue(3);
    }

    @Test
    void returnsAnyOtherFailureAtOnce() {
        assertThat(postUntilCreated(List.of(500, 201)).status()).isEqualTo(500);
        assertThat(requests).hasValue(1);
    }

    @Test
    void returnsAClientErrorAtOnce() {
        assertThat(postUntilCreated(List.of(400, 201)).status()).isEqualTo(400);
        assertThat(requests).hasValue(1);
    }

    @Test
    void givesUpWithTheLastReplyAfterItsTime() {
        statuses.add(504);
        Http.Reply reply = new Http("http://127.0.0.1:" + server.getAddress().getPort())
                .postJsonUntil(201, Duration.ofMillis(600), "/v1/pessoas", () -> "{}");
        assertThat(reply.status()).isEqualTo(504);
        // The pause between attempts: a 600 ms budget is not hundreds of requests.
        assertThat(requests.get()).isBetween(1, 4);
    }
}
