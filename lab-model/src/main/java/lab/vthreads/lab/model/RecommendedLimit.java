package lab.vthreads.lab.model;

import java.util.Locale;

/**
 * The concurrency limit to put in front of a connection pool, by Little's law. At most X = connections ÷ hold
 * requests per second leave the pool. A request may spend at most the target latency T in the database section
 * (waiting for a connection, then holding it), so the section may hold N = X × T requests at once: the connections
 * in use and N − connections waiting, each waiting at most T − hold. More than N admitted means waits past T; fewer
 * than the connections leaves connections idle.
 *
 * @param limit               the requests to allow in the database section at once
 * @param connectionTimeoutMs the pool's connectionTimeout that lets an admitted request wait its turn: T − hold
 * @param reachable           false when the target is below the hold time: then no limit meets it, and the limit is
 *                            the pool size (every connection busy, nobody waiting)
 */
public record RecommendedLimit(int connections, double holdMs, double targetMs, double throughput, int limit, double connectionTimeoutMs,
                               boolean reachable) {

    public static RecommendedLimit of(int connections, double holdMs, double targetMs) {
        if (connections < 1 || holdMs <= 0 || targetMs <= 0) {
            throw new IllegalArgumentException("connections >= 1, hold > 0 and target > 0");
        }
        double throughput = connections / (holdMs / 1000);
        boolean reachable = targetMs >= holdMs;
        int limit = reachable ? Math.max(connections, (int) Math.floor(throughput * targetMs / 1000)) : connections;
        return new RecommendedLimit(connections, holdMs, targetMs, throughput, limit, reachable ? targetMs - holdMs : 0, reachable);
    }

    public String explanation() {
        if (!reachable) {
            return String.format(Locale.ROOT, "a connection is held %.0f ms, longer than the %.0f ms target: no limit meets it; %d (the pool) keeps "
                    + "every connection busy with nobody waiting", holdMs, targetMs, connections);
        }
        return String.format(Locale.ROOT, "X = %d connections ÷ %.0f ms = %.1f req/s; N = X × %.0f ms = %.1f → a limit of %d (%d holding, %d waiting "
                        + "at most %.0f ms: connectionTimeout %.0f ms)", connections, holdMs, throughput, targetMs, throughput * targetMs / 1000, limit,
                connections, limit - connections, connectionTimeoutMs, connectionTimeoutMs);
    }
}
