package lab.vthreads.lab.process;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

/** Waits until a component answers, or fails with the end of its log if it died or never answered. */
public final class HealthCheck {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private HealthCheck() {
    }

    public static void awaitHttp200(ManagedProcess process, String url, Duration timeout) {
        await(process, Readiness.answers200(url), timeout);
    }

    /** Until the process is up as {@code readiness} tells it; its death or the timeout is a {@link StartFailure} with its log's end. */
    public static void await(ManagedProcess process, Readiness readiness, Duration timeout) {
        await(process, timeout, readiness.describe(), readiness::ready, readiness::last);
    }

    /**
     * A service the lab did not start ({@code ./lab run --target}): no process to watch, so the error names the last
     * answer instead of a log.
     */
    public static void awaitHttp200(String url, Duration timeout) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build();
        Instant deadline = Instant.now().plus(timeout);
        String last = "no answer";
        try {
            while (Instant.now().isBefore(deadline)) {
                try {
                    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() == 200) return;
                    last = "HTTP " + response.statusCode() + " " + response.body();
                } catch (IOException e) {
                    last = e.toString();
                }
                Thread.sleep(1000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StartFailure("interrupted while waiting for " + url);
        }
        throw new StartFailure("not healthy at " + url + " after " + timeout.toSeconds() + " s: " + last);
    }

    /** For components that announce readiness on their output (the lab-infra mains print a "ready" line). */
    public static void awaitLogLine(ManagedProcess process, String marker, Duration timeout) {
        await(process, timeout, "'" + marker + "' in its log", () -> {
            try {
                return process.logSinceStart().contains(marker);
            } catch (IOException e) {
                return false;
            }
        }, () -> "");
    }

    private static void await(ManagedProcess process, Duration timeout, String what, Probe probe, java.util.function.Supplier<String> lastSeen) {
        Instant deadline = Instant.now().plus(timeout);
        try {
            while (Instant.now().isBefore(deadline)) {
                if (!process.isAlive()) {
                    throw new StartFailure(process.name() + " exited with code " + process.process().exitValue()
                            + " before " + what + ". Last lines of " + process.log() + ":\n  "
                            + String.join("\n  ", process.lastLogLines(25)));
                }
                if (probe.healthy()) {
                    return;
                }
                Thread.sleep(200);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StartFailure("interrupted while waiting for " + process.name());
        }
        String seen = lastSeen.get();
        throw new StartFailure(process.name() + " was not healthy (" + what + ") within " + timeout.toSeconds()
                + " s" + (seen.isEmpty() ? "" : " (last seen: " + seen + ")") + ". Last lines of " + process.log() + ":\n  "
                + String.join("\n  ", process.lastLogLines(25)));
    }

    @FunctionalInterface
    private interface Probe {
        boolean healthy() throws InterruptedException;
    }
}
