package lab.vthreads.gatling;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads {@code GET /v1/pessoas/count}, so a run can prove that every 201 it got is exactly one stored person. */
public final class PessoaCount {

    private static final Pattern COUNT = Pattern.compile("\"count\"\\s*:\\s*(\\d+)");

    private PessoaCount() {
    }

    /**
     * The count once it stops moving: requests the load generator gave up on may still be finishing on a saturated
     * service, and comparing too early would report writes as extra that are merely late.
     */
    public static long readSettled(String baseUrl) {
        long deadline = System.nanoTime() + Duration.ofSeconds(150).toNanos();
        Long previous = null;
        IllegalStateException lastFailure = null;
        while (System.nanoTime() < deadline) {
            try {
                long current = read(baseUrl);
                if (previous != null && current == previous) {
                    return current;
                }
                previous = current;
            } catch (IllegalStateException e) {
                // a saturated service may not answer until its queue drains: keep asking until the deadline
                lastFailure = e;
            }
            sleep();
        }
        if (previous != null) {
            return previous;
        }
        throw lastFailure;
    }

    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static long read(String baseUrl) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(baseUrl + "/v1/pessoas/count"))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            Matcher m = COUNT.matcher(response.body());
            if (response.statusCode() != 200 || !m.find()) {
                throw new IllegalStateException("GET /v1/pessoas/count answered " + response.statusCode() + ": " + response.body());
            }
            return Long.parseLong(m.group(1));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + baseUrl + "/v1/pessoas/count: is the lab up? (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
