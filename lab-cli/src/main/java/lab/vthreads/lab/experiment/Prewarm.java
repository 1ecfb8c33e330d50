package lab.vthreads.lab.experiment;

import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.metrics.PrometheusScrape;
import lab.vthreads.lab.process.ManagedProcess;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Loads freshly started services until their JIT compilers have settled, before a measured run, so that its window
 * measures the services rather than their warm-up.
 *
 * <p>A fixed warm-up cannot know how long that takes: on this project's 2-core VM, with pessoa-service, gateway-service
 * and PostgreSQL sharing one CPU, pessoa-service's compilers were still at work for 49-58% of each 10 s almost two
 * minutes into 150 req/s of load, and its CPU per request was still falling (4.0 ms; 1.1 ms once warm, at 418 req/s). So the lab watches
 * each service's {@code jvm.compilation.time} and stops the load once every service compiled for less than
 * {@link #SETTLED_SHARE} of the last {@link #WINDOW_SECONDS} seconds, or at the cap.
 *
 * <p>The load is a Gatling run of its own, stopped by its PID; its requests are let finish before anything else
 * starts, so the measured run's database and its nothing-lost count see none of them. The measured run keeps its own
 * warm-up (the preset's {@code warmupSeconds}), which warms the measured Gatling JVM.
 */
final class Prewarm {

    /**
     * Settled: the compilers at work for less than this share of the last {@link #WINDOW_SECONDS} ({@code jvm.compilation.time}
     * is elapsed time, so a compiler waiting for a CPU counts as at work: not finished yet).
     */
    static final double SETTLED_SHARE = 0.10;

    static final int WINDOW_SECONDS = 10;

    /** The least load before "settled" can be said: the first seconds go to class loading and C1, not yet to C2. */
    static final int MIN_SECONDS = 20;

    /** The load's ramp: a cold service serves a fraction of what it will, and a sudden full rate only queues. */
    private static final int RAMP_SECONDS = 10;

    /** How long the prewarm's requests may take to finish after its load generator stopped. */
    private static final int DRAIN_SECONDS = 30;


    private final LoadGenerators load;
    private final Progress progress;

    Prewarm(LoadGenerators load, Progress progress) {
        this.load = load;
        this.progress = progress;
    }

    /** The services a prewarm watches, by name, from their management base URLs. */
    static Map<String, String> services(String pessoaManagement, String gatewayManagement) {
        Map<String, String> managements = new LinkedHashMap<>();
        managements.put("pessoa-service", pessoaManagement);
        managements.put("gateway-service", gatewayManagement);
        return managements;
    }

    /**
     * @param properties  the load (users, client, CEPs), without its profile: the prewarm sets it
     * @param managements each service's management base URL, by name
     * @param maxSeconds  the cap, from the load generator's start
     */
    ExperimentResults.Prewarmed run(LoadProperties properties, Map<String, String> managements, int maxSeconds, Path dir) {
        Compilers compilers = new Compilers(managements.keySet());
        ManagedProcess gatling = load.start(properties.profile(RAMP_SECONDS, Math.max(1, maxSeconds - RAMP_SECONDS), 0).warmup(0),
                dir.resolve("prewarm"), dir.resolve("prewarm.log"));
        long start = System.nanoTime();
        double elapsed = 0;
        boolean settled = false;
        try {
            while (gatling.isAlive() && elapsed < maxSeconds) {
                sleep(1000);
                elapsed = (System.nanoTime() - start) / 1e9;
                Map<String, Double> milliseconds = new LinkedHashMap<>();
                managements.forEach((name, url) -> milliseconds.put(name,
                        PrometheusScrape.of(url, List.of("jvm_compilation_time_ms")).sum("jvm_compilation_time_ms_total")));
                compilers.add(elapsed, milliseconds);
                if (elapsed >= MIN_SECONDS && compilers.settled()) {
                    settled = true;
                    break;
                }
            }
        } finally {
            gatling.stop();
        }
        Map<String, Double> shares = compilers.shares();
        progress.note(String.format(Locale.ROOT, "prewarm: %.0f s of load, %s; compilers %s", elapsed,
                settled ? "the JIT settled" : "stopped at the cap with the JIT still compiling", Compilers.describe(shares)));
        drain(managements.values());
        Map<String, Double> known = new LinkedHashMap<>();
        shares.forEach((service, share) -> known.put(service, share.isNaN() ? null : share));
        return new ExperimentResults.Prewarmed(Math.round(elapsed * 10) / 10.0, settled, known);
    }

    /**
     * Waits until no service has had a request in flight (Micrometer's {@code http.server.requests.active}) for two
     * readings a second apart or, where that is not published, until their request counts stop growing for three seconds.
     */
    private void drain(Collection<String> managements) {
        double lastCount = -1;
        int still = 0, idle = 0;
        for (int i = 0; i < DRAIN_SECONDS; i++) {
            double active = 0, count = 0;
            boolean activeKnown = true;
            for (String url : managements) {
                PrometheusScrape scrape = PrometheusScrape.of(url, List.of("http_server_requests_active_seconds", "http_server_requests_seconds"));
                // A long task timer: "_active_count", or "_gcount" where it publishes a histogram (percentiles-histogram).
                double a = scrape.sum("http_server_requests_active_seconds_gcount");
                if (Double.isNaN(a)) a = scrape.sum("http_server_requests_active_seconds_active_count");
                if (Double.isNaN(a)) activeKnown = false; else active += a;
                double c = scrape.sum("http_server_requests_seconds_count");
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
        progress.note("prewarm: requests still in flight " + DRAIN_SECONDS + " s after its load stopped; measuring anyway");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while prewarming");
        }
    }

    /** Each service's cumulative compile time over the last {@link #WINDOW_SECONDS}: whether all of them settled. */
    static final class Compilers {

        private record Reading(double seconds, double milliseconds) {
        }

        private final Map<String, Deque<Reading>> readings = new LinkedHashMap<>();

        Compilers(Set<String> services) {
            services.forEach(s -> readings.put(s, new ArrayDeque<>()));
        }

        /** A service missing from a scrape (restarting, busy) adds nothing; its window then needs longer to fill. */
        void add(double seconds, Map<String, Double> milliseconds) {
            milliseconds.forEach((service, ms) -> {
                Deque<Reading> window = readings.get(service);
                if (window == null || ms == null || ms.isNaN()) return;
                window.addLast(new Reading(seconds, ms));
                // Keep the newest reading at least WINDOW_SECONDS old as the first, so the window spans the whole of it.
                while (window.size() > 2 && second(window).seconds() <= seconds - WINDOW_SECONDS) window.removeFirst();
            });
        }

        private static Reading second(Deque<Reading> window) {
            var readings = window.iterator();
            readings.next();
            return readings.next();
        }

        /** Every service has a full window, and compiled for less than {@link #SETTLED_SHARE} of it. */
        boolean settled() {
            return shares().values().stream().allMatch(share -> !share.isNaN() && share < SETTLED_SHARE);
        }

        /** The compile time over each service's window (at least {@link #WINDOW_SECONDS} long), as a share of it; NaN until then. */
        Map<String, Double> shares() {
            Map<String, Double> shares = new LinkedHashMap<>();
            readings.forEach((service, window) -> {
                if (window.size() < 2 || window.peekLast().seconds() - window.peekFirst().seconds() < WINDOW_SECONDS) {
                    shares.put(service, Double.NaN);
                    return;
                }
                double wall = window.peekLast().seconds() - window.peekFirst().seconds();
                shares.put(service, Math.max(0, window.peekLast().milliseconds() - window.peekFirst().milliseconds()) / 1000 / wall);
            });
            return shares;
        }

        static String describe(Map<String, Double> shares) {
            StringBuilder text = new StringBuilder();
            shares.forEach((service, share) -> text.append(text.isEmpty() ? "" : ", ").append(service).append(' ')
                    .append(share.isNaN() ? "unknown" : String.format(Locale.ROOT, "%.0f%%", share * 100)));
            return text.toString();
        }
    }
}
