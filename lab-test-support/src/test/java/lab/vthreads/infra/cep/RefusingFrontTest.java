package lab.vthreads.infra.cep;

import lab.vthreads.infra.testsupport.ListenPorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The mock behind its front: the same answers through it, real refusals on request, and a mock without one says so. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RefusingFrontTest {

    /** The repository's stubs, as lab-infra's CEP mock tests serve them. */
    private static final java.nio.file.Path WIREMOCK_FILES = java.nio.file.Path.of("..", "wiremock");

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void relaysAnswersAndRefusesNewConnectionsWhileToldTo() throws Exception {
        try (CepMockServer mock = CepMockServer.start("127.0.0.1", ListenPorts.next(), WIREMOCK_FILES, new CepLatency.None(), true)) {
            assertThat(get(mock, "/ws/01001000/json/").statusCode()).isEqualTo(200);
            assertThat(get(mock, "/ws/01001000/json/").body()).contains("\"cep\"");

            // Mostly closed (90 ms of every 100): connection attempts are refused by the kernel.
            ConnectionRefusalsApi.start("127.0.0.1", mock.port(), 0.9, 30);
            int refused = 0;
            for (int i = 0; i < 20; i++) {
                try (SocketChannel ignored = SocketChannel.open(new InetSocketAddress("127.0.0.1", mock.port()))) {
                    Thread.sleep(5);
                } catch (ConnectException e) {
                    refused++;
                }
            }
            assertThat(mock.front().refusing()).isTrue();
            // While refusing, every answer closes its connection, so the client's next lookup must connect again.
            assertThat(answerWhileOpen(mock).headers().firstValue("Connection")).hasValue("close");

            String account = ConnectionRefusalsApi.stop("127.0.0.1", mock.port());

            assertThat(refused).as("connections refused out of 20").isGreaterThan(10);
            // The account is the front's own: it closed its listener, and for how long, since the refusals began.
            assertThat(mock.front().closings().slices()).isPositive();
            assertThat(mock.front().closings().closedMs()).isPositive();
            assertThat(account).contains("\"closedSlices\"", "\"closedMs\"");
            assertThat(mock.front().refusing()).isFalse();
            HttpResponse<String> after = get(mock, "/ws/01001000/json/");
            assertThat(after.statusCode()).isEqualTo(200);
            assertThat(after.headers().firstValue("Connection")).isEmpty();
        }
    }

    @Test
    void listensAgainEveryTimeTheRefusalsStop() throws Exception {
        // Stopping right after a slice closed the listener must find the port free: the closing waits for its acceptor.
        try (CepMockServer mock = CepMockServer.start("127.0.0.1", ListenPorts.next(), WIREMOCK_FILES, new CepLatency.None(), true)) {
            for (int i = 0; i < 30; i++) {
                ConnectionRefusalsApi.start("127.0.0.1", mock.port(), 0.9, 30);
                Thread.sleep(3 + i % 7);
                ConnectionRefusalsApi.stop("127.0.0.1", mock.port());
                assertThat(get(mock, "/ws/01001000/json/").statusCode()).as("lookup after stop %d", i).isEqualTo(200);
            }
        }
    }

    @Test
    void aMockWithoutAFrontCannotRefuse() {
        try (CepMockServer mock = CepMockServer.start(0, WIREMOCK_FILES, new CepLatency.None())) {
            assertThat(mock.front()).isNull();
            assertThatThrownBy(() -> ConnectionRefusalsApi.start("127.0.0.1", mock.port(), 0.05, 10)).hasMessageContaining("409")
                    .hasMessageContaining("--refusable");
        }
    }

    /** A lookup that gets through one of the open 10 ms of a period (tries for up to 10 s). */
    private static HttpResponse<String> answerWhileOpen(CepMockServer mock) throws Exception {
        for (int i = 0; ; i++) {
            try {
                return get(mock, "/ws/01001000/json/");
            } catch (ConnectException e) {
                if (i == 2000) throw e;
                Thread.sleep(5);
            }
        }
    }

    private static HttpResponse<String> get(CepMockServer mock, String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(mock.baseUrl() + path)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
