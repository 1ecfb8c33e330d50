package lab.vthreads.lab;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A real HTTP server on the loopback that answers each path as an application the lab meets might: a body with 200
 * where it has one (or with the status given for its path), else the status it is given for every other path (404, a 500 from a global exception handler, a
 * 401 behind security). For the tests of what the lab reads from a port it did not write.
 */
public final class AnsweringServer implements AutoCloseable {

    private final HttpServer server;

    private AnsweringServer(HttpServer server) {
        this.server = server;
    }

    /** Bodies, by path, with 200 unless {@code statuses} gives their path another; {@code statuses} by path; {@code otherwise} for the rest. */
    public static AnsweringServer start(Map<String, String> bodies, Map<String, Integer> statuses, int otherwise) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/", exchange -> {
                String path = exchange.getRequestURI().getPath();
                String body = bodies.get(path);
                int status = statuses.getOrDefault(path, body != null ? 200 : otherwise);
                byte[] bytes = (body != null ? body : "{\"status\":" + status + "}").getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, bytes.length);
                exchange.getResponseBody().write(bytes);
                exchange.close();
            });
            server.start();
            return new AnsweringServer(server);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
