package lab.vthreads.lab.calibration;

import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.model.Calibration;

import java.util.Map;

/**
 * How much load each of the calibration's runs gets ({@link Calibrator}): the two open rates, the saturation run's
 * users, and when a saturation run measured a collapse instead of the request path.
 */
public final class CalibrationLoads {

    /**
     * The highest of the two open-workload rates: low enough that nothing queues on 2 unshared cores, where this
     * path's CPU bound is above 200 req/s. The rates come down with a smaller bound (see {@link #rates}).
     */
    static final int MAX_RATE = 90;

    /** The lowest of the higher rate: below it, the slope between the two rates drowns in the background's noise. */
    static final int MIN_RATE = 15;

    /** The share of the warmed-up saturated throughput the higher rate asks for: far enough below it that nothing queues. */
    static final double RATE_SHARE = 0.4;

    /** Closed users for the warm-up, and the fewest for a saturation run: enough to keep 2 cores busy at ~5 ms a request. */
    static final int SATURATION_USERS = 32;

    /** The saturation run's users over the CPU bound × the response time: a queue, so that the CPU never idles. */
    static final double SATURATION_HEADROOM = 1.5;

    /** Beyond this share of failed requests a saturation run measured a collapse, not the request path. */
    static final double UNSTABLE_SHARE = 0.01;

    /** The most users a saturation run gets, and so the Tomcat threads the calibration's services run with. */
    static final int MAX_SATURATION_USERS = 1000;

    /**
     * Two open rates three times apart, the higher {@link #RATE_SHARE} of the warmed-up throughput, between
     * {@link #MIN_RATE} and {@link #MAX_RATE}. Fixed at 30 and 90, a calibration on one isolated CPU, where the
     * services still compiled after the warm-up (41 req/s saturated), could serve only 55 of the 90 asked for: the
     * slope then measured a queue.
     */
    static int[] rates(double warmedUpThroughput) {
        int high = (int) Math.max(MIN_RATE, Math.min(MAX_RATE, Math.round(RATE_SHARE * warmedUpThroughput)));
        return new int[]{Math.max(1, Math.round(high / 3f)), high};
    }

    /**
     * Enough closed users to saturate the CPU with the cells' latency: {@link #SATURATION_HEADROOM} × the CPU bound ×
     * the response time with latency, by Little's law. The bound is the larger of two estimates: the throughput the
     * saturated warm-up measured (no CEP latency, so the CPU bound itself, as warm as the services were then), and the
     * system side's CPUs ÷ what the services and PostgreSQL spent per request at the higher rate, which at a low rate
     * still holds their background and their coldness (alone it gave too few users, and a "saturation" run that
     * measured the users). On a partitioned machine that side is the services' and PostgreSQL's alone (counting the
     * load side's too gave fewer users still).
     */
    static int saturationUsers(int cores, Calibration.Run high, Partition partition, double cepMeanMs, double saturatedThroughput) {
        return saturationUsers(cores, high, partition, cepMeanMs, saturatedThroughput, 0);
    }

    /**
     * @param cycleMs a user's whole cycle where a scenario has think time (a user's application: its probe's R₀ + Z),
     *                else 0: the users Little's law asks for are the bound × the cycle, not × the response time alone
     */
    static int saturationUsers(int cores, Calibration.Run high, Partition partition, double cepMeanMs, double saturatedThroughput, double cycleMs) {
        boolean isolated = partition.isolated();
        double cpuPerRequest = high.cores().entrySet().stream().filter(e -> !isolated || Calibration.SYSTEM.contains(e.getKey()))
                .mapToDouble(Map.Entry::getValue).sum() / high.throughput();
        int sharing = isolated ? partition.systemCpuCount() : cores;
        double bound = Math.max(sharing / Math.max(1e-6, cpuPerRequest), saturatedThroughput);
        double responseSeconds = Math.max(high.responseMs() + high.cepLookupsPerRequest() * cepMeanMs, cycleMs) / 1000;
        return (int) Math.max(SATURATION_USERS, Math.min(MAX_SATURATION_USERS, Math.ceil(SATURATION_HEADROOM * bound * responseSeconds)));
    }

    /**
     * The saturation run's users, no fewer than the cells' own where they hold more requests at once: a request's CPU
     * grows with the requests in flight (more threads to schedule, more live objects for the collector), so a CPU-bound
     * cell is predicted from a saturation run at least as crowded as it is.
     *
     * @param cellUsers the calibrated cell's users; 0 where they are not known yet (a calibration that sizes the cells)
     */
    static int atTheCellsConcurrency(int users, int cellUsers) {
        return Math.max(users, Math.min(MAX_SATURATION_USERS, cellUsers));
    }

    static boolean unstable(ClientResult client) {
        return errorShare(client) > UNSTABLE_SHARE;
    }

    static double errorShare(ClientResult client) {
        return client.requests() > 0 ? (double) client.ko() / client.requests() : 0;
    }

    /** The users at the bound itself, without the saturation run's headroom. */
    static int fewerUsers(int users) {
        return Math.max(SATURATION_USERS, (int) Math.ceil(users / SATURATION_HEADROOM));
    }

    private CalibrationLoads() {
    }
}
