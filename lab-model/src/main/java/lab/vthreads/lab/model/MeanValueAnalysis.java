package lab.vthreads.lab.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Exact mean value analysis of a closed, single-class queueing network (Lazowska, Zahorjan, Graham and Sevcik,
 * <i>Quantitative System Performance</i>, 1984, chapter 6), with two standard extensions:
 * <ul>
 *   <li>a station of c servers is split into a queue of demand D ÷ c and a delay of D·(c − 1) ÷ c (Seidmann, Schweitzer
 *       and Shalev-Oren, 1987): exact at both ends (one request: D; many: c ÷ D), approximate at the knee, and it
 *       keeps MVA's recursion stable for the thousand users and servers the lab's cells have; a fraction of a core
 *       (a CPU quota) is one server that serves at that fraction of the speed;</li>
 *   <li>a population limit (the Tomcat threads a request holds from start to end) by a flow-equivalent server
 *       (chapter 8, hierarchical modelling): the network inside the limit is solved for 1 … limit requests, and
 *       the outer model is the users' think time in front of one station that serves at that network's throughput
 *       for the population it holds, solved exactly as a birth-death process.</li>
 * </ul>
 * Its assumptions are the product-form ones: each station's queue grows as if service times were exponential and
 * shared fairly (processor sharing), whatever their real distribution; a request's demands are the same at every load.
 */
public final class MeanValueAnalysis {

    private MeanValueAnalysis() {
    }

    /**
     * @param throughput requests per second
     * @param response   seconds a request spends in the network, think time excluded
     */
    public record Solution(int population, double throughput, double response) {
    }

    /**
     * The network for 1 … {@code population} requests in it, each going straight back in when it leaves (the think
     * time, if any, is one of the delay stations).
     *
     * @return one solution per population, index 0 for one request
     */
    public static List<Solution> solve(List<Station> stations, int population) {
        List<double[]> centres = centres(stations);
        double[] queue = new double[centres.size()];
        List<Solution> solutions = new ArrayList<>(population);
        for (int n = 1; n <= population; n++) {
            double[] residence = new double[centres.size()];
            double cycle = 0;
            for (int k = 0; k < centres.size(); k++) {
                double demand = centres.get(k)[0];
                boolean delay = centres.get(k)[1] == 0;
                residence[k] = delay ? demand : demand * (1 + queue[k]);
                cycle += residence[k];
            }
            double x = cycle > 0 ? n / cycle : Double.POSITIVE_INFINITY;
            for (int k = 0; k < centres.size(); k++) queue[k] = x * residence[k];
            solutions.add(new Solution(n, x, cycle));
        }
        return solutions;
    }

    /**
     * {@code users} closed users, each thinking {@code thinkSeconds} between requests, of which at most {@code limit}
     * are inside {@code stations} at once; the rest wait for a place (for Tomcat's thread, in its accept queue).
     *
     * @param limit the population limit; {@link Integer#MAX_VALUE} for none
     * @return the throughput and the response time, the wait for a place included
     */
    public static Solution solveLimited(List<Station> stations, int users, double thinkSeconds, int limit) {
        if (users < 1) throw new IllegalArgumentException("at least one user: " + users);
        int inside = Math.min(users, limit);
        List<Solution> inner = solve(stations, inside);
        double x;
        if (thinkSeconds <= 0) {
            // No one is ever outside: the network always holds min(users, limit) requests.
            x = inner.get(inside - 1).throughput();
        } else {
            x = flowEquivalent(inner, users, thinkSeconds, inside);
        }
        return new Solution(users, x, users / x - thinkSeconds);
    }

    /**
     * The exact solution of the outer model: state n = requests in the flow-equivalent server, arrivals (users − n) ÷ Z,
     * departures at its throughput for min(n, limit). In logarithms, since the products over a thousand users overflow.
     */
    private static double flowEquivalent(List<Solution> inner, int users, double think, int limit) {
        double[] logP = new double[users + 1];
        double max = 0;
        for (int n = 1; n <= users; n++) {
            double rate = inner.get(Math.min(n, limit) - 1).throughput();
            logP[n] = logP[n - 1] + Math.log((users - n + 1) / think) - Math.log(rate);
            max = Math.max(max, logP[n]);
        }
        double total = 0, served = 0;
        for (int n = 0; n <= users; n++) {
            double p = Math.exp(logP[n] - max);
            total += p;
            if (n > 0) served += p * inner.get(Math.min(n, limit) - 1).throughput();
        }
        return served / total;
    }

    /** Each station as the single-server queues and delays MVA solves: {demand, 1 for a queue or 0 for a delay}. */
    private static List<double[]> centres(List<Station> stations) {
        List<double[]> centres = new ArrayList<>();
        for (Station s : stations) {
            if (s.demand() == 0) continue;
            if (s.isDelay()) {
                centres.add(new double[] {s.demand(), 0});
            } else if (s.servers() <= 1) {
                centres.add(new double[] {s.demand() / s.servers(), 1});
            } else {
                centres.add(new double[] {s.demand() / s.servers(), 1});
                centres.add(new double[] {s.demand() * (s.servers() - 1) / s.servers(), 0});
            }
        }
        return centres;
    }
}
