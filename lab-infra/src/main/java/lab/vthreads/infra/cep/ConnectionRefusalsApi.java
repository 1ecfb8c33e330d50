package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.admin.Router;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.common.Json;
import com.github.tomakehurst.wiremock.extension.AdminApiExtension;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * The mock's admin route for refusals: {@code POST /__admin/lab/connection-refusals {"rate":0.05,"seconds":10}} starts
 * them, {@code DELETE} stops them. A mock started without its front answers 409: it cannot refuse anything.
 */
public final class ConnectionRefusalsApi implements AdminApiExtension {

    public static final String PATH = "/lab/connection-refusals";

    private final RefusingFront front;

    /** @param front null when the mock runs without one */
    public ConnectionRefusalsApi(RefusingFront front) {
        this.front = front;
    }

    /** What a POST carries. */
    public record Request(double rate, int seconds) {
    }

    @Override
    public void contributeAdminApiRoutes(Router router) {
        router.add(RequestMethod.POST, PATH, (admin, serveEvent, pathParams) -> {
            if (front == null) return noFront();
            Request request;
            try {
                request = Json.read(serveEvent.getRequest().getBodyAsString(), Request.class);
                front.refuse(request.rate(), Duration.ofSeconds(request.seconds()));
            } catch (RuntimeException e) {
                return json(400, Map.of("error", String.valueOf(e.getMessage())));
            }
            return json(200, Map.of("refusing", true, "rate", request.rate(), "seconds", request.seconds()));
        });
        router.add(RequestMethod.DELETE, PATH, (admin, serveEvent, pathParams) -> {
            if (front == null) return noFront();
            front.stopRefusing();
            RefusingFront.Closings closings = front.closings();
            return json(200, Map.of("refusing", false, "closedSlices", closings.slices(), "closedMs", Math.round(closings.closedMs()),
                    "accepted", closings.accepted()));
        });
    }

    private static ResponseDefinition noFront() {
        return json(409, Map.of("error", "this CEP mock has no front to refuse connections with: start it with --refusable"));
    }

    private static ResponseDefinition json(int status, Map<String, ?> body) {
        return new ResponseDefinitionBuilder().withStatus(status).withHeader("Content-Type", "application/json").withBody(Json.write(body)).build();
    }

    @Override
    public String getName() {
        return "lab-connection-refusals";
    }

    /** Asks the mock at {@code host:port} to refuse {@code rate} of new connections for {@code seconds}; returns its answer. */
    public static String start(String host, int port, double rate, int seconds) {
        return call(host, port, "POST", String.format(Locale.ROOT, "{\"rate\":%s,\"seconds\":%d}", rate, seconds));
    }

    /** Asks it to stop refusing; returns its answer: the closed slices, how long they lasted in all, and the connections accepted meanwhile. */
    public static String stop(String host, int port) {
        return call(host, port, "DELETE", null);
    }

    /**
     * The call itself can meet a refusal (the front is closed {@code rate} of every 100 ms): a refused call is made again
     * every 5 ms, for up to 5 s, so that it finds the open part of a period. So is a call whose connection the kernel
     * took just before the front closed its listener: the kernel resets what waits in a closed listener's backlog, and
     * the client sees no answer at all ("header parser received no bytes", once in CI). Both calls may be made twice:
     * starting the same refusals again, or stopping them again, leaves the front as one call would.
     */
    private static String call(String host, int port, String method, String body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + host + ":" + port + "/__admin" + PATH))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .method(method, body != null ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody()).build();
        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build()) {
            long giveUp = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (true) {
                try {
                    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() != 200) {
                        throw new IllegalStateException(method + " " + PATH + " answered " + response.statusCode() + ": " + response.body());
                    }
                    return response.body();
                } catch (HttpTimeoutException e) {
                    throw e;
                } catch (IOException e) {
                    // Refused (ConnectException) or reset before any answer: the front was closed when it mattered.
                    if (System.nanoTime() > giveUp) throw new IllegalStateException("the CEP mock refused " + method + " " + PATH + " for 5 s: " + e, e);
                    Thread.sleep(5);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + PATH + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted calling " + PATH, e);
        }
    }
}
