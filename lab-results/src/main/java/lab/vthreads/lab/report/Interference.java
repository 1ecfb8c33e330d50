package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.isolation.Role;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Whether a platform-vs-virtual pair was a fair fight. The load generator, PostgreSQL and the CEP mock do the same
 * work per request in both modes; if one that shares CPUs with the services spends clearly more CPU per request in
 * one mode, the kernel's split of those CPUs between the services' many or few threads and everyone else moved the
 * numbers, not the thread model. On a partitioned machine only PostgreSQL shares the services' CPUs; the load side
 * cannot take their CPU nor they its, and there a load generator's CPU per request moves with its own timing, even
 * between two identical cells, so it is shown, not judged. What is judged there is the load
 * side's headroom: a cell whose load side was at its CPU limit measured the load generator, not the services.
 */
public final class Interference {

    /** The components the thread mode does not change. */
    static final List<String> CONSTANT = List.of("gatling", "postgres", "wiremock");
    /** A difference in CPU per request above this, in either direction, makes a pair unfair. */
    public static final double TOLERANCE = 0.10;
    /** Below this many cores a component is idle (background only) and its CPU per request says nothing. */
    static final double IDLE_CORES = 0.05;
    /** The load side this busy is at its limit. */
    public static final double LOAD_LIMIT = 0.90;

    /**
     * One component's CPU per request in each mode (ms; medians over repeats).
     *
     * @param noise the same component's own difference between the A/A copies at these users (0 without a copy): on a
     *              busy 2-core VM the load generator's CPU per request moved by up to 29% between two identical cells,
     *              so a difference is only interference when it is larger than that too
     */
    public record Cost(String component, double platformMs, double virtualMs, boolean compared, double noise, boolean separated) {
        public double difference() {
            return Math.max(platformMs, virtualMs) / Math.min(platformMs, virtualMs) - 1;
        }

        /** The difference a pair must exceed to be unfair: the tolerance, or the A/A noise if larger. */
        public double threshold() {
            return Math.max(TOLERANCE, noise);
        }

        public boolean unfair() {
            return compared && difference() > threshold();
        }
    }

    public record Pair(String variant, int users, List<Cost> costs) {
        public boolean fair() {
            return costs.stream().noneMatch(Cost::unfair);
        }
    }

    /** How busy the load side was in one cell (its own CPUs, or the whole machine when not partitioned). */
    public record LoadSide(String cell, double busy, double gatlingCores, boolean atLimit) {
    }

    public record Check(List<Pair> pairs, List<LoadSide> loadSides) {
        public boolean fair() {
            return pairs.stream().allMatch(Pair::fair) && loadSides.stream().noneMatch(LoadSide::atLimit);
        }
    }

    private Interference() {
    }

    public static Check of(ExperimentResults results) {
        List<Pair> pairs = new ArrayList<>();
        for (CellResult platform : results.cells()) {
            if (platform.mode() != ThreadMode.PLATFORM || replica(platform) || platform.repeats().isEmpty()) continue;
            CellResult virtual = results.cells().stream().filter(c -> c.mode() == ThreadMode.VIRTUAL && !replica(c)
                    && Objects.equals(c.variant(), platform.variant()) && c.users() == platform.users() && !c.repeats().isEmpty())
                    .findFirst().orElse(null);
            if (virtual == null) continue;
            CellResult copy = results.cells().stream().filter(c -> replica(c) && c.users() == platform.users()
                    && Objects.equals(c.variant(), platform.variant()) && !c.repeats().isEmpty()).findFirst().orElse(null);
            CellResult original = copy == null ? null : results.cells().stream().filter(c -> !replica(c) && c.mode() == copy.mode()
                    && c.users() == copy.users() && Objects.equals(c.variant(), copy.variant())).findFirst().orElse(null);
            List<Cost> costs = new ArrayList<>();
            for (String component : CONSTANT) {
                double p = msPerRequest(platform, component), v = msPerRequest(virtual, component);
                boolean busy = cores(platform, component) >= IDLE_CORES && cores(virtual, component) >= IDLE_CORES;
                boolean separated = separated(results.partition(), component);
                costs.add(new Cost(component, p, v, busy && p > 0 && v > 0 && !separated, noise(original, copy, component), separated));
            }
            pairs.add(new Pair(platform.variant(), platform.users(), costs));
        }
        List<LoadSide> loadSides = new ArrayList<>();
        Partition partition = results.partition();
        boolean isolated = partition != null && partition.isolated();
        for (CellResult cell : results.cells()) {
            if (cell.repeats().isEmpty()) continue;
            double busy = Summary.Stat.of(cell.repeats().stream().mapToDouble(r -> isolated ? Summary.sideBusy(r, partition.loadCpus())
                    : r.machine() != null ? r.machine().meanBusy() : Double.NaN).toArray()).median();
            loadSides.add(new LoadSide(cell.id(), busy, cores(cell, "gatling"), busy >= LOAD_LIMIT));
        }
        return new Check(pairs, loadSides);
    }

    /** Whether a partition keeps this component off the services' CPUs, so that they cannot compete for CPU. */
    static boolean separated(Partition partition, String component) {
        return partition != null && partition.isolated() && Role.of(component) == Role.LOAD;
    }

    /** How far the A/A copy's CPU per request landed from its original's, for one component; 0 without a copy. */
    private static double noise(CellResult original, CellResult copy, String component) {
        if (original == null || copy == null) return 0;
        double a = msPerRequest(original, component), b = msPerRequest(copy, component);
        return a > 0 && b > 0 ? Math.max(a, b) / Math.min(a, b) - 1 : 0;
    }

    private static boolean replica(CellResult cell) {
        return cell.factors() != null && cell.factors().replica();
    }

    /** Median over the repeats of the component's CPU ÷ every request answered (failed ones are work too). */
    static double msPerRequest(CellResult cell, String component) {
        return Summary.Stat.of(cell.repeats().stream().mapToDouble(r -> {
            ExperimentResults.ProcessUsage usage = r.processes().get(component);
            double rate = r.client().requestRate() != null ? r.client().requestRate() : r.client().throughput();
            return usage == null || rate <= 0 ? Double.NaN : usage.meanCpuCores() / rate * 1000;
        }).toArray()).median();
    }

    private static double cores(CellResult cell, String component) {
        return Summary.Stat.of(cell.repeats().stream().mapToDouble(r -> {
            ExperimentResults.ProcessUsage usage = r.processes().get(component);
            return usage == null ? Double.NaN : usage.meanCpuCores();
        }).toArray()).median();
    }

}
