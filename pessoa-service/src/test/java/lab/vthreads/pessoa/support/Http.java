package lab.vthreads.pessoa.support;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A real HTTP client for tests: requests go over the socket to the service, like a user's would. */
public final class Http {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final String baseUrl;

    public Http(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public Reply postJson(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Reply get(String path) {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET());
    }

    public Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = CLIENT.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response, response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static String pessoa(String cpf, String nome, String... ceps) {
        StringBuilder enderecos = new StringBuilder();
        for (String cep : ceps) {
            enderecos.append(enderecos.isEmpty() ? "" : ",").append("{\"cep\":\"").append(cep).append("\"}");
        }
        return "{\"cpf\":\"" + cpf + "\",\"nome\":\"" + nome + "\",\"enderecos\":[" + enderecos + "]}";
    }

    public record Reply(int status, HttpResponse<String> response, String body) {

        public JsonNode json() {
            return JSON.readTree(body);
        }

        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }
    }
}
