package lab.vthreads.lab.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One cell as a closed queueing network, solved by {@link MeanValueAnalysis}: where {@link CapacityModel}'s bounds
 * say which resource caps the throughput, this says how far below the cap the cell runs, because requests queue for
 * the CPU (or a pool) before it is 100% busy.
 *
 * <p>The stations are those the calibration measured: each set of CPUs as a queue with its CPU per request (a side of
 * several cores as that many servers), at the utilisation the solution itself gives it where the calibration measured
 * how that cost depends on the load ({@link CpuDemand.LoadDependence}); the connection pool as a station of pool-size servers held for the
 * connection's hold; carriers held while pinned, and the CEP client's connections where a cell limits them, likewise; and the rest of the response time with nothing queued (the
 * CEP lookups outside the transaction, the network) as a delay. A request's time holding a connection contains some
 * of its CPU and, with the lookups inside the transaction, its CEP wait: the delay is what is left once the CPU and
 * the longest hold are taken out, so that one request alone takes the calibrated response time. Tomcat's threads,
 * held for the whole request, limit how many requests are inside at once.
 */
public final class QueueingModel {

    private QueueingModel() {
    }

    /**
     * @param stations the network inside the thread limit, for the report
     * @param knee     the users at which the closed workload's bound meets the smallest other bound: N* = X_max × (R₀ + Z)
     *                 (the asymptotes cross there, and the queueing solution sits furthest below the bounds near it)
     */
    public record Prediction(double throughput, double responseSeconds, double knee, List<Station> stations) {
    }

    public static Prediction predict(CellDemand d) {
        return predict(d, 0, 0);
    }

    /**
     * @param carriers           carriers of virtual threads that pin while they block (0: no pinning)
     * @param monitorHoldSeconds how long a request holds its carrier pinned
     */
    public static Prediction predict(CellDemand d, double carriers, double monitorHoldSeconds) {
        return predict(d, carriers, monitorHoldSeconds, 0, 0);
    }

    /**
     * @param cepConnections          the CEP client's connections where a cell limits them (0: the service's own, which
     *                                never binds), a station of that many servers each held for a request's lookups
     * @param lookupSecondsPerRequest how long a request's lookups hold a connection
     */
    public static Prediction predict(CellDemand d, double carriers, double monitorHoldSeconds, int cepConnections, double lookupSecondsPerRequest) {
        double[] cpu = d.cpus().stream().mapToDouble(CpuDemand::secondsPerRequest).toArray();
        Prediction solved = solve(d, cpu, carriers, monitorHoldSeconds, cepConnections, lookupSecondsPerRequest);
        if (d.cpus().stream().noneMatch(c -> c.loadDependence() != null)) return solved;
        // Where the CPU per request depends on how busy the CPU is, a fixed point: the throughput the costs give, the
        // utilisation that throughput makes, the costs at that utilisation. Damped by half each step: the cost falls as
        // the utilisation rises, and undamped the two can leap past each other.
        for (int step = 0; step < MAX_STEPS; step++) {
            double moved = 0;
            for (int k = 0; k < cpu.length; k++) {
                CpuDemand c = d.cpus().get(k);
                double next = (cpu[k] + c.secondsPerRequestAt(solved.throughput() * cpu[k] / c.cores())) / 2;
                if (cpu[k] > 0) moved = Math.max(moved, Math.abs(next - cpu[k]) / cpu[k]);
                cpu[k] = next;
            }
            solved = solve(d, cpu, carriers, monitorHoldSeconds, cepConnections, lookupSecondsPerRequest);
            if (moved < 1e-6) break;
        }
        return solved;
    }

    /** Enough for the fixed point: each step halves the distance at worst. */
    static final int MAX_STEPS = 200;

    /** The network with these CPU costs per request, one per {@code d.cpus()}. */
    private static Prediction solve(CellDemand d, double[] cpuSeconds, double carriers, double monitorHoldSeconds, int cepConnections,
                                    double lookupSecondsPerRequest) {
        List<Station> stations = new ArrayList<>();
        double cpu = 0;
        for (int k = 0; k < cpuSeconds.length; k++) {
            CpuDemand c = d.cpus().get(k);
            // Not measured (no /proc where the calibration ran): the bounds name it, and the network has no CPU to queue for.
            if (!(cpuSeconds[k] > 0)) continue;
            stations.add(new Station(c.what(), cpuSeconds[k], c.cores()));
            cpu += cpuSeconds[k];
        }
        double longestHold = 0;
        if (d.poolSize() != null && d.connectionHoldSeconds() > 0) {
            boolean limited = d.concurrencyLimit() != null && d.concurrencyLimit() > 0 && d.concurrencyLimit() < d.poolSize();
            stations.add(new Station(limited ? "concurrency limit" : "connection pool", d.connectionHoldSeconds(),
                    limited ? d.concurrencyLimit() : d.poolSize()));
            longestHold = d.connectionHoldSeconds();
        }
        if (carriers > 0 && monitorHoldSeconds > 0) {
            stations.add(new Station("carriers pinned", monitorHoldSeconds, carriers));
            longestHold = Math.max(longestHold, monitorHoldSeconds);
        }
        if (cepConnections > 0 && lookupSecondsPerRequest > 0) {
            stations.add(new Station("CEP client's connections", lookupSecondsPerRequest, cepConnections));
            longestHold = Math.max(longestHold, lookupSecondsPerRequest);
        }
        stations.add(Station.delay("latency with nothing queued", Math.max(0, d.responseSeconds() - cpu - longestHold)));
        int limit = d.tomcatThreads() != null ? d.tomcatThreads() : Integer.MAX_VALUE;
        MeanValueAnalysis.Solution solution = MeanValueAnalysis.solveLimited(stations, d.users(), d.thinkSeconds(), limit);
        double cap = stations.stream().filter(s -> !s.isDelay()).mapToDouble(Station::capacity).min().orElse(Double.POSITIVE_INFINITY);
        if (d.tomcatThreads() != null && d.threadHoldSeconds() > 0) cap = Math.min(cap, d.tomcatThreads() / d.threadHoldSeconds());
        double cycle = d.responseSeconds() + d.thinkSeconds();
        return new Prediction(solution.throughput(), solution.response(), cap * cycle, List.copyOf(stations));
    }
}
