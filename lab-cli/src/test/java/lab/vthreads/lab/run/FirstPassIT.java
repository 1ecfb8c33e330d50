package lab.vthreads.lab.run;

import com.sun.net.httpserver.HttpServer;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.FirstPass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The first pass as the real load generator sends it, to a real server that counts the requests it holds at once. It
 * holds each one until all three flows' requests are there, or half a second has passed: sent at once, the three meet;
 * sent in turn, each waits its half second alone, since the next flow starts only when the one before has finished.
 */
class FirstPassIT {

    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    private static final int FLOWS = 3;

    @Test
    void inTurnSendsOneFirstRequestAtATimeAndAtOnceSendsThemTogether(@TempDir Path temp) throws Exception {
        Path scenario = temp.resolve("scenario.yaml");
        Files.writeString(scenario, """
                scenarios:
                  - flow:
                      - get: /a
                  - flow:
                      - get: /b
                  - flow:
                      - get: /c
                """);
        LoadGenerators load = new LoadGenerators(HOME, LoadGenerators.SCENARIO_SIMULATION, List.of());

        for (FirstPass pass : List.of(FirstPass.IN_TURN, FirstPass.AT_ONCE)) {
            try (HoldingServer server = new HoldingServer()) {
                Path dir = Files.createDirectories(temp.resolve(pass.key()));
                Endpoints endpoints = new Endpoints(server.url(), server.url(), server.url(), null, null, null, null);

                ScenarioCheck.Sent sent = ScenarioCheck.pass(load, pass, scenario, endpoints, HOME.resolve("wiremock/ceps.csv"), dir, Map.of());

                assertThat(sent.got()).as(pass.key()).isInstanceOfSatisfying(FirstRequests.Answered.class, a -> assertThat(a.ok()).isEqualTo(FLOWS));
                assertThat(server.paths).as(pass.key()).containsExactlyInAnyOrder("/a", "/b", "/c");
                assertThat(server.mostAtOnce).as(pass.key() + ": requests held at once").isEqualTo(pass == FirstPass.IN_TURN ? 1 : FLOWS);
            }
        }
        assertThat(load.started()).noneMatch(p -> p.process().isAlive());
    }

    /** Holds each request until {@link #FLOWS} are in at once (then all go), or half a second has passed. */
    private static final class HoldingServer implements AutoCloseable {
        private final HttpServer server;
        private final ExecutorService threads = Executors.newFixedThreadPool(FLOWS + 1);
        private final List<String> paths = new java.util.concurrent.CopyOnWriteArrayList<>();
        private int inFlight;
        private int mostAtOnce;
        private boolean released;

        HoldingServer() throws java.io.IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.setExecutor(threads);
            server.createContext("/", exchange -> {
                paths.add(exchange.getRequestURI().getPath());
                hold();
                byte[] body = "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
        }

        private synchronized void hold() {
            inFlight++;
            mostAtOnce = Math.max(mostAtOnce, inFlight);
            if (inFlight >= FLOWS) released = true;
            notifyAll();
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
            try {
                for (long left; !released && (left = until - System.nanoTime()) > 0; ) TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight--;
            }
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }

        @Override
        public void close() {
            server.stop(0);
            threads.shutdownNow();
        }
    }
}
