package lab.vthreads.lab.prewarm;

import com.sun.net.httpserver.HttpServer;
import lab.vthreads.lab.metrics.ServerSockets;
import lab.vthreads.lab.progress.Progress;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

class DrainTest {

    /**
     * A real HTTP server still working on a request whose client has gone, as a prewarm's are once its load generator
     * is stopped: the drain returns only after the server has answered it, and says how many there were.
     */
    @Test
    void waitsForARequestWhoseClientWentUntilTheServerHasAnsweredIt() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean answered = new AtomicBoolean();
        server.createContext("/", exchange -> {
            started.countDown();
            sleep(1500);
            byte[] body = "done".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            } catch (java.io.IOException clientGone) {
                // the client went before the answer, as it does here
            }
            answered.set(true);
        });
        server.start();
        try {
            int port = server.getAddress().getPort();
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), port)) {
                client.getOutputStream().write(("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                assertThat(started.await(10, TimeUnit.SECONDS)).as("the server took the request").isTrue();
            }
            ByteArrayOutputStream said = new ByteArrayOutputStream();

            new Drain(ServerSockets.SYSTEM, new Progress(new PrintStream(said, true, StandardCharsets.UTF_8))).await("http://127.0.0.1:" + port, List.of());

            assertThat(answered).as("answered before the drain returned").isTrue();
            assertThat(said.toString(StandardCharsets.UTF_8)).contains("prewarm: 1 of its requests still in flight when its load stopped, done");
        } finally {
            server.stop(0);
        }
    }

    /** A port whose server the tables do not show (a container's) is not taken for idle: the drain says where it reads instead. */
    @Test
    void aServerOutOfSightIsSaidAndActuatorAskedInstead() throws Exception {
        int port;
        try (ServerSocket gone = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            port = gone.getLocalPort();
        }
        ByteArrayOutputStream said = new ByteArrayOutputStream();

        new Drain(ServerSockets.SYSTEM, new Progress(new PrintStream(said, true, StandardCharsets.UTF_8))).await("http://127.0.0.1:" + port, List.of());

        assertThat(said.toString(StandardCharsets.UTF_8)).contains("signals: no server listens on port " + port + " in this machine's socket tables");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
