package lab.vthreads.lab.run;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A service's management port on a real socket, for the sampler's tests: /actuator lists the Prometheus endpoint, as
 * Actuator's links do, and /actuator/prometheus answers {@code first} to its first {@code firstScrapes} scrapes, then
 * {@code then}.
 */
final class ManagementEndpoint implements AutoCloseable {

    private final HttpServer server;

    private ManagementEndpoint(HttpServer server) {
        this.server = server;
    }

    static ManagementEndpoint serving(String first, int firstScrapes, String then) {
        try {
            AtomicInteger scrapes = new AtomicInteger();
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/actuator", exchange -> {
                byte[] body = "{\"_links\":{\"prometheus\":{\"href\":\"/actuator/prometheus\"}}}".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(exchange.getRequestURI().getPath().equals("/actuator") ? 200 : 404, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.createContext("/actuator/prometheus", exchange -> {
                byte[] body = (scrapes.incrementAndGet() <= firstScrapes ? first : then).getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
            return new ManagementEndpoint(server);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
