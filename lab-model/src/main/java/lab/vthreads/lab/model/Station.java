package lab.vthreads.lab.model;

/**
 * One service centre of a closed queueing network, with the demand one request places on it (visits × service time).
 *
 * @param name    what it stands for, in words for the report
 * @param demand  seconds per request
 * @param servers how many requests it serves at once: 1 for a single CPU, the cores of a side, the connections of a
 *                pool; {@link Double#POSITIVE_INFINITY} for a delay centre (think time, a downstream's latency), where
 *                no request ever waits for another
 */
public record Station(String name, double demand, double servers) {

    public Station {
        if (!(demand >= 0) || !(servers > 0)) throw new IllegalArgumentException("a station needs a demand ≥ 0 and servers > 0: " + name);
    }

    public static Station queue(String name, double demand) {
        return new Station(name, demand, 1);
    }

    public static Station delay(String name, double demand) {
        return new Station(name, demand, Double.POSITIVE_INFINITY);
    }

    public boolean isDelay() {
        return Double.isInfinite(servers);
    }

    /** The most requests a second it can serve: servers ÷ demand (the utilisation law). */
    public double capacity() {
        return servers / demand;
    }
}
