package lab.vthreads.gateway.support;

import lab.vthreads.infra.testdata.Cpfs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/** A real HTTP client; its request timeout bounds how long a test waits, so a hanging gateway fails the test. */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private final String baseUrl;
    private final Duration timeout;

    public Http(String baseUrl, Duration timeout) {
        this.baseUrl = baseUrl;
        this.timeout = timeout;
    }

    public HttpResponse<String> postJson(String path, String json, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return send(request);
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return CLIENT.send(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static List<String> all(HttpResponse<?> response, String header) {
        return response.headers().allValues(header);
    }

    public static String pessoa(String cpf, String... ceps) {
        StringBuilder enderecos = new StringBuilder();
        for (String cep : ceps) {
            enderecos.append(enderecos.isEmpty() ? "" : ",").append("{\"cep\":\"").append(cep).append("\"}");
        }
        return "{\"cpf\":\"" + cpf + "\",\"nome\":\"PELO GATEWAY\",\"enderecos\":[" + enderecos + "]}";
    }

    /** A valid CPF (correct check digits) from any nine digits. */
    public static String cpf(long nineDigits) {
        return Cpfs.withCheckDigits(nineDigits % 1_000_000_000L);
    }
}
