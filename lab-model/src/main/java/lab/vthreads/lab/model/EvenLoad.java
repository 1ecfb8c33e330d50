package lab.vthreads.lab.model;

import java.util.SplittableRandom;

/**
 * How many of a CPU's slices an even load saturates: a CPU at a mean utilisation with requests arriving at random
 * (Poisson) and each needing an exponential amount of CPU, the single queue mean value analysis assumes. Even so a
 * slice can fall wholly inside one busy spell, and more often the busier the CPU and the longer each request's CPU;
 * a measured share well above this one says the load came in bursts the model does not see.
 *
 * <p>Each request's CPU is taken as one piece, though a request visits a CPU several times (each service, before
 * and after its downstream calls) in smaller ones: longer pieces make longer busy spells, so this share is an upper
 * one for an even load. There is no closed form for the share of fixed windows inside an M/M/1 queue's busy periods,
 * so it is simulated, from a fixed seed: the same arguments give the same share.
 */
public final class EvenLoad {

    /**
     * At least this many slices and this many requests are simulated: enough that the share moves by about a point
     * from one seed to another.
     */
    static final long SLICES = 10_000, REQUESTS = 100_000;

    private EvenLoad() {
    }

    /**
     * @param utilisation       the CPU's mean busy share, 0..1
     * @param secondsPerRequest the CPU one request needs on it
     * @param sliceSeconds      the slices' length
     * @return the share (0..1) of slices in which it never idled; NaN where an argument is not measured
     */
    public static double saturatedShare(double utilisation, double secondsPerRequest, double sliceSeconds) {
        if (!(utilisation >= 0) || !(secondsPerRequest > 0) || !(sliceSeconds > 0)) return Double.NaN;
        if (utilisation >= 1) return 1;
        if (utilisation == 0) return 0;
        SplittableRandom random = new SplittableRandom(45);
        double rate = utilisation / secondsPerRequest;
        long slices = Math.max(SLICES, (long) Math.ceil(REQUESTS / rate / sliceSeconds));
        double horizon = slices * sliceSeconds;
        double arrival = exponential(random, 1 / rate), spellStart = arrival, spellEnd = arrival;
        long saturated = 0;
        while (spellStart < horizon) {
            // One busy spell: requests arriving before the work in hand is done extend it.
            while (arrival <= spellEnd) {
                spellEnd += exponential(random, secondsPerRequest);
                arrival += exponential(random, 1 / rate);
            }
            saturated += slicesWithin(spellStart, Math.min(spellEnd, horizon), sliceSeconds);
            spellStart = spellEnd = arrival;
        }
        return (double) saturated / slices;
    }

    /** The whole slices [k·w, (k+1)·w) that lie inside [from, to]. */
    static long slicesWithin(double from, double to, double slice) {
        long first = (long) Math.ceil(from / slice), end = (long) Math.floor(to / slice);
        return Math.max(0, end - first);
    }

    private static double exponential(SplittableRandom random, double mean) {
        return -mean * Math.log(1 - random.nextDouble());
    }
}
