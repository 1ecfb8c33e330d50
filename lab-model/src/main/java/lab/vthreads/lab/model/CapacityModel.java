package lab.vthreads.lab.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Operational laws, applied to one cell. Each resource that every request needs caps throughput:
 * <ul>
 *   <li>utilisation law, U = X·D ≤ capacity: each set of CPUs gives X ≤ cores ÷ CPU per request there (the system
 *       under test's CPUs, the load side's, a component's quota);</li>
 *   <li>Little's law, N = X·S, for a pool of N servers each held S seconds: Tomcat threads give X ≤ threads ÷ S,
 *       the connection pool X ≤ connections ÷ hold time;</li>
 *   <li>Little's law for the closed workload, N = X·(R + Z): X ≤ users ÷ (R₀ + Z), with R₀ the response time
 *       without any queueing.</li>
 * </ul>
 * The smallest bound names the resource that caps the cell (the asymptotic bound of operational analysis); real cells
 * sit below it near the knee, where queues form before any one resource is at 100%, which {@link QueueingModel} solves.
 */
public final class CapacityModel {

    private CapacityModel() {
    }

    public static Prediction predict(CellDemand d) {
        List<Bound> bounds = new ArrayList<>();
        List<String> notMeasured = new ArrayList<>(d.notMeasured());
        for (CpuDemand cpu : d.cpus()) {
            if (cpu.secondsPerRequest() > 0) {
                bounds.add(new Bound(cpu.resource(), cpu.cores() / cpu.secondsPerRequest(),
                        String.format(Locale.ROOT, "%s ÷ %.2f ms CPU per request", cpu.what(), cpu.secondsPerRequest() * 1000)));
            } else {
                // No CPU figure (no /proc where the calibration ran): a bound of cores ÷ 0 would call the CPU free.
                notMeasured.add(cpu.what() + ": CPU per request not measured");
            }
        }
        if (d.tomcatThreads() != null && d.threadHoldSeconds() > 0) {
            bounds.add(new Bound(Bottleneck.THREADS, d.tomcatThreads() / d.threadHoldSeconds(),
                    String.format(Locale.ROOT, "%d threads ÷ %.0f ms held", d.tomcatThreads(), d.threadHoldSeconds() * 1000)));
        }
        if (d.poolSize() != null && d.connectionHoldSeconds() > 0) {
            boolean limited = d.concurrencyLimit() != null && d.concurrencyLimit() > 0 && d.concurrencyLimit() < d.poolSize();
            int servers = limited ? d.concurrencyLimit() : d.poolSize();
            bounds.add(new Bound(Bottleneck.POOL, servers / d.connectionHoldSeconds(),
                    String.format(Locale.ROOT, "%d %s ÷ %.1f ms held", servers, limited ? "permits (concurrency limit)" : "connections",
                            d.connectionHoldSeconds() * 1000)));
        }
        double cycle = d.responseSeconds() + d.thinkSeconds();
        if (cycle > 0) {
            bounds.add(new Bound(Bottleneck.CLIENT, d.users() / cycle,
                    String.format(Locale.ROOT, "%d users ÷ (%.0f ms + %.0f ms think)", d.users(), d.responseSeconds() * 1000, d.thinkSeconds() * 1000)));
        }
        if (bounds.isEmpty()) {
            throw new IllegalArgumentException("no resource bounds this cell: " + d);
        }
        return new Prediction(List.copyOf(bounds), bounds.stream().min(Comparator.comparingDouble(Bound::throughput)).orElseThrow(),
                List.copyOf(notMeasured));
    }

    /**
     * The prediction with the pinned bound added: a virtual thread that blocks while pinned keeps its carrier, so at
     * most {@code carriers} such holds run at once, and X ≤ carriers ÷ the time a request holds its monitor (Little's
     * law for the carriers as servers). Only where pinning applies (blocking inside synchronized on a JDK before 24).
     */
    public static Prediction withPinnedCarriers(Prediction prediction, double carriers, double monitorHoldSeconds) {
        if (!(carriers > 0) || !(monitorHoldSeconds > 0)) return prediction;
        return withBound(prediction, new Bound(Bottleneck.PINNED, carriers / monitorHoldSeconds,
                String.format(Locale.ROOT, "%.0f carriers ÷ %.0f ms held pinned", carriers, monitorHoldSeconds * 1000)));
    }

    /**
     * The prediction with the CEP client's connections added: each lookup holds one for as long as the API takes to
     * answer, so at most {@code connections} lookups are in flight, and X ≤ connections ÷ (lookups per request × the
     * time each takes) (Little's law for the connections as servers). Only where a cell sets the client's limit
     * ({@code cepMaxConnections}): the services' own is set high enough never to bind.
     */
    public static Prediction withCepConnections(Prediction prediction, int connections, double lookupSecondsPerRequest) {
        if (connections <= 0 || !(lookupSecondsPerRequest > 0)) return prediction;
        return withBound(prediction, new Bound(Bottleneck.CEP_CONNECTIONS, connections / lookupSecondsPerRequest,
                String.format(Locale.ROOT, "%d CEP connections ÷ %.0f ms of lookups", connections, lookupSecondsPerRequest * 1000)));
    }

    /** The prediction with one more bound, which binds if it is the smallest. */
    private static Prediction withBound(Prediction prediction, Bound added) {
        List<Bound> bounds = new ArrayList<>(prediction.bounds());
        bounds.add(added);
        return new Prediction(List.copyOf(bounds), bounds.stream().min(Comparator.comparingDouble(Bound::throughput)).orElseThrow(),
                prediction.notMeasured());
    }

    /**
     * The bottleneck the measurements point at, checked in the order a queue reveals it: a busy CPU slows
     * everything (full thread pools then follow from it), a pool with waiters is the next resource, a platform pool
     * with every thread busy the one after; otherwise only the users limit the load.
     *
     * @param tomcatThreads null in virtual mode
     * @param tomcatBusy    mean busy Tomcat threads of the busier service
     * @param hikariPending mean threads waiting for a connection
     */
    public static Bottleneck observed(double machineBusy, Integer tomcatThreads, double tomcatBusy, double hikariPending) {
        return observed(machineBusy, Double.NaN, tomcatThreads, tomcatBusy, hikariPending, Double.NaN);
    }

    /**
     * The same on a partitioned machine: the system under test's CPUs first, then the load side's (a load generator at
     * its limit measures itself, not the services).
     *
     * @param systemBusy the busy share of the system under test's CPUs (of every CPU when not partitioned)
     * @param loadBusy   the busy share of the load side's CPUs; NaN when not partitioned
     * @param cepPending lookups waiting for a CEP client's connection, on average; NaN where not measured
     */
    public static Bottleneck observed(double systemBusy, double loadBusy, Integer tomcatThreads, double tomcatBusy, double hikariPending,
                                      double cepPending) {
        if (systemBusy >= 0.90) return Bottleneck.CPU;
        if (!Double.isNaN(loadBusy) && loadBusy >= 0.90) return Bottleneck.LOAD;
        if (!Double.isNaN(hikariPending) && hikariPending >= 1) return Bottleneck.POOL;
        if (!Double.isNaN(cepPending) && cepPending >= 1) return Bottleneck.CEP_CONNECTIONS;
        if (tomcatThreads != null && !Double.isNaN(tomcatBusy) && tomcatBusy >= 0.9 * tomcatThreads) return Bottleneck.THREADS;
        return Bottleneck.CLIENT;
    }

    /** measured ÷ predicted − 1: positive when the cell beat the model. */
    public static double deviation(double measured, double predicted) {
        return measured / predicted - 1;
    }

    /** How far a cell may miss its prediction before something the model leaves out is said to be going on. */
    public static final double SURPRISING = 0.15;

    /** More than {@link #SURPRISING} away from the prediction: something the model leaves out is going on. */
    public static boolean surprising(double measured, double predicted) {
        return Math.abs(deviation(measured, predicted)) > SURPRISING;
    }

}
