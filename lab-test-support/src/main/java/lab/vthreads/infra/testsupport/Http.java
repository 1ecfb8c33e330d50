package lab.vthreads.infra.testsupport;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A real HTTP client for tests: requests go over the socket, like a user's would. Its timeout bounds how long a test
 * waits for one answer, so a hanging service fails the test instead of stalling the build.
 */
public final class Http {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final String baseUrl;
    private final Duration timeout;

    public Http(String baseUrl) {
        this(baseUrl, Duration.ofSeconds(30));
    }

    public Http(String baseUrl, Duration timeout) {
        this.baseUrl = baseUrl;
        this.timeout = timeout;
    }

    /** POSTs a JSON body; {@code headers} are name, value pairs. */
    public Reply postJson(String path, String json, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return send(request);
    }

    /** What a cold service answers while it warms up: a CEP lookup past its read timeout (504), a busy pool or limit (503). */
    static final Set<Integer> WARMING_UP = Set.of(503, 504);

    /** Between two attempts: a cold service gets a moment, and a failing one is not hammered. */
    static final Duration PAUSE = Duration.ofMillis(250);

    /**
     * POSTs a fresh body from {@code json} until one is answered with {@code status} or {@code within} has passed, and
     * returns the last reply. A readiness wait for tests that assert on what a successful request leaves behind: a cold
     * service's first request can miss a timeout on a busy machine (its first CEP lookup took over 2 s while another
     * build ran), and that is not what such a test is about. Only those answers ({@link #WARMING_UP}) are tried again;
     * any other one (a 500, a 400) is returned at once, for the test to fail on.
     */
    public Reply postJsonUntil(int status, Duration within, String path, Supplier<String> json) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            Reply reply = postJson(path, json.get());
            if (reply.status() == status || !WARMING_UP.contains(reply.status()) || System.nanoTime() >= deadline) {
                return reply;
            }
            try {
                Thread.sleep(PAUSE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return reply;
            }
        }
    }

    public Reply get(String path) {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET());
    }

    public Reply send(HttpRequest.Builder request) {
        try {
            return new Reply(CLIENT.send(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@link #send}, and once more on a connection of its own where the kept-alive one failed before any answer (the
     * write refused, no byte read): a server may close a kept-alive connection at any moment, and a client that loses
     * that race has had nothing of its request read, so it may send it again (RFC 9112, 9.3.1 and 9.6). For tests that
     * send hundreds of requests, many answered with errors that end their connection, where a lost race is the
     * client's pool and not the answer under test. The caller still checks what was stored: a request that had been
     * read and stored before its connection failed shows as a person without a 201. Said on standard output.
     */
    public Reply sendAgainOnAFreshConnectionIfTheKeptOneFails(HttpRequest.Builder request) {
        HttpRequest built = request.timeout(timeout).build();
        try {
            return new Reply(CLIENT.send(built, HttpResponse.BodyHandlers.ofString()));
        } catch (IOException kept) {
            System.out.println("Http: " + built.method() + " " + built.uri() + " failed on a kept-alive connection (" + kept.getMessage()
                    + "); sent once more on a fresh one");
            try (HttpClient fresh = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build()) {
                return new Reply(fresh.send(built, HttpResponse.BodyHandlers.ofString()));
            } catch (IOException e) {
                e.addSuppressed(kept);
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The body of {@code POST /v1/pessoas}: a person with one address per CEP. */
    public static String pessoa(String cpf, String nome, String... ceps) {
        StringBuilder enderecos = new StringBuilder();
        for (String cep : ceps) {
            enderecos.append(enderecos.isEmpty() ? "" : ",").append("{\"cep\":\"").append(cep).append("\"}");
        }
        return "{\"cpf\":\"" + cpf + "\",\"nome\":\"" + nome + "\",\"enderecos\":[" + enderecos + "]}";
    }

    public record Reply(HttpResponse<String> response) {

        public int status() {
            return response.statusCode();
        }

        public String body() {
            return response.body();
        }

        public JsonNode json() {
            return JSON.readTree(response.body());
        }

        public HttpHeaders headers() {
            return response.headers();
        }

        /** The first value of a header, or null. */
        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        /** Every value of a header, to check that one was sent once. */
        public List<String> headerValues(String name) {
            return response.headers().allValues(name);
        }
    }
}
