package lab.vthreads.lab.prewarm;

import lab.vthreads.lab.run.Sampler;
import lab.vthreads.lab.metrics.PrometheusScrape;
import lab.vthreads.lab.metrics.ServerSockets;
import lab.vthreads.lab.progress.Progress;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The requests a stopped load generator left in flight, waited out before anything else starts: a prewarm's load
 * stops by its PID, whatever its users were doing, and every request the services finished during the next cell would
 * count in it (its row in the nothing-lost check, its CPU and connection).
 *
 * <p>Seen from the kernel's side ({@link ServerSockets}): a service that publishes nothing drains like the lab's own.
 * An event-loop server reads the end of a connection at once and cancels what it was doing for it, so it drains at
 * once as well. Where that port's server is out of sight (another network namespace), Actuator's count of active
 * requests says it instead, where the service publishes one.
 */
final class Drain {

    /**
     * The most the requests may take to finish. The drain ends sooner, once none is in flight; a cap is for a service
     * that keeps finishing requests and never goes idle. Where the prewarm's users queue for a bound (a pool held
     * through the lookups), a thousand requests in flight finish one after another at that bound's throughput, users ÷
     * bound seconds.
     */
    static final int MAX_SECONDS = 300;

    private final ServerSockets sockets;
    private final Progress progress;

    Drain(ServerSockets sockets, Progress progress) {
        this.sockets = sockets;
        this.progress = progress;
    }

    /**
     * Until no socket on the port the load went to is in CLOSE_WAIT at two readings half a second apart.
     *
     * @param baseUrl     where the load went
     * @param managements each service's management base URL: Actuator's view, where the port is out of sight
     */
    void await(String baseUrl, Collection<String> managements) {
        int port = java.net.URI.create(baseUrl).getPort();
        OptionalInt reading = sockets.closeWaiting(port);
        if (reading.isEmpty()) {
            progress.noteOnce("signals: no server listens on port " + port + " in this machine's socket tables (/proc/net/tcp); the requests in "
                    + "flight after a prewarm's load stopped are read from Actuator's active requests where the services publish them");
            awaitByActuator(managements);
            return;
        }
        long start = System.nanoTime();
        int most = 0, idle = 0;
        for (int i = 0; i < MAX_SECONDS * 2; i++) {
            if (i > 0) reading = sockets.closeWaiting(port);
            int waiting = reading.orElse(0);
            most = Math.max(most, waiting);
            idle = waiting == 0 ? idle + 1 : 0;
            if (idle >= 2) {
                if (most > 0) {
                    progress.note(String.format(Locale.ROOT, "prewarm: %d of its requests still in flight when its load stopped, done %.1f s later",
                            most, (System.nanoTime() - start) / 1e9));
                }
                return;
            }
            sleep(500);
        }
        progress.note("prewarm: requests still in flight on port " + port + " " + MAX_SECONDS + " s after its load stopped; measuring anyway");
    }

    /**
     * Until no service has had a request in flight (Micrometer's {@code http.server.requests.active}) for two readings
     * a second apart or, where that is not published, until their request counts stop growing for three seconds.
     */
    private void awaitByActuator(Collection<String> managements) {
        double lastCount = -1;
        int still = 0, idle = 0;
        for (int i = 0; i < MAX_SECONDS; i++) {
            double active = 0, count = 0;
            boolean activeKnown = true;
            for (String url : managements) {
                PrometheusScrape scrape = PrometheusScrape.of(url, List.of("http_server_requests_active_seconds", "http_server_requests_seconds"));
                // A long task timer: "_active_count", or "_gcount" where it publishes a histogram (percentiles-histogram).
                double a = scrape.sum("http_server_requests_active_seconds_gcount");
                if (Double.isNaN(a)) a = scrape.sum("http_server_requests_active_seconds_active_count");
                if (Double.isNaN(a)) activeKnown = false; else active += a;
                // The API's requests only: the scrapes of the management port count too, once a second, and on WebFlux the
                // scrape in progress is itself an active request, so neither figure would ever settle with them.
                double c = scrape.sum("http_server_requests_seconds_count", Sampler.API);
                count += Double.isNaN(c) ? 0 : c;
            }
            // Twice in a row: a request the load generator had sent before it stopped may still sit in a socket's buffer.
            idle = activeKnown && active == 0 ? idle + 1 : 0;
            if (idle >= 2) return;
            still = count == lastCount ? still + 1 : 0;
            if (still >= 3) return;
            lastCount = count;
            sleep(1000);
        }
        progress.note("prewarm: requests still finishing " + MAX_SECONDS + " s after its load stopped; measuring anyway");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the prewarm's requests in flight");
        }
    }
}
