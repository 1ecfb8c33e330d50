package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * The A/A control: one mode's cell run twice, side by side, as two cells. Whatever separates the two is noise (the
 * machine, the JIT, the hypervisor), so a virtual ÷ platform difference no larger than it is not a finding.
 */
public final class AaControl {

    /**
     * How far the copy landed from the original: the largest |copy ÷ original − 1| over the repeats, paired by repeat.
     *
     * @param pairs how many repeats were paired
     * @param moved what the lab's own signals saw differ between the widest pair ({@link #moved}); empty where nothing did
     */
    public record Spread(String variant, int users, ThreadMode mode, double throughput, double p95, int pairs, List<String> moved) {
    }

    /** A relative change this large in the services' CPU per request is the work per request changing, not the sampling. */
    static final double CPU_PER_REQUEST_MOVED = 0.15;
    /** Shares of a CPU or of the window (collectors, compilers, steal) that moved by this many points. */
    static final double SHARE_MOVED = 0.03;
    /** The load side's CPUs' busy share, by this many points. */
    static final double LOAD_SIDE_MOVED = 0.10;

    private AaControl() {
    }

    public static List<Spread> of(ExperimentResults results) {
        List<Spread> spreads = new ArrayList<>();
        for (CellResult copy : results.cells()) {
            if (copy.factors() == null || !copy.factors().replica() || copy.repeats().isEmpty()) continue;
            CellResult original = results.cells().stream().filter(c -> c.factors() != null && !c.factors().replica() && c.mode() == copy.mode()
                    && c.users() == copy.users() && Objects.equals(c.variant(), copy.variant())).findFirst().orElse(null);
            if (original == null || original.repeats().isEmpty()) continue;
            spreads.add(new Spread(copy.variant(), copy.users(), copy.mode(), spread(original, copy, r -> r.client().throughput()),
                    spread(original, copy, r -> r.client().latency().p95()), Math.min(original.repeats().size(), copy.repeats().size()),
                    widestPair(original, copy).map(pair -> moved(results, pair[0], pair[1])).orElse(List.of())));
        }
        return spreads;
    }

    static Spread find(List<Spread> spreads, String variant, int users) {
        return spreads.stream().filter(s -> Objects.equals(s.variant(), variant) && s.users() == users).findFirst().orElse(null);
    }

    /** The original's and the copy's repeats whose throughputs lie furthest apart. */
    private static java.util.Optional<RepeatResult[]> widestPair(CellResult original, CellResult copy) {
        RepeatResult[] widest = null;
        double gap = -1;
        for (RepeatResult o : original.repeats()) {
            RepeatResult c = copy.repeats().stream().filter(r -> r.repeat() == o.repeat()).findFirst().orElse(null);
            if (c == null || o.client().throughput() <= 0) continue;
            double each = Math.abs(c.client().throughput() / o.client().throughput() - 1);
            if (each > gap) {
                gap = each;
                widest = new RepeatResult[]{o, c};
            }
        }
        return java.util.Optional.ofNullable(widest);
    }

    /**
     * What the lab saw differ between two runs of the same cell, from its own side, each as "original → copy": the
     * services' CPU per request (the same requests costing more is the application's state changing between them, a
     * cache or a store that grew, not the machine), their collectors' CPU and pauses, their compilers, the load side's
     * CPUs and the hypervisor's steal. Only what moved past its threshold is named, so an empty list says none of them did.
     */
    static List<String> moved(ExperimentResults results, RepeatResult original, RepeatResult copy) {
        List<String> moved = new ArrayList<>();
        double before = ModelMisses.systemCpuMsPerRequest(original), after = ModelMisses.systemCpuMsPerRequest(copy);
        if (before > 0 && after > 0 && Math.abs(after / before - 1) > CPU_PER_REQUEST_MOVED) {
            moved.add(String.format(Locale.ROOT, "the services' CPU per request %.2f → %.2f ms (%+.0f%%)", before, after, (after / before - 1) * 100));
        }
        List<String> services = Summary.jvmSampleNames(results);
        share(moved, "their collectors' CPU", "of a CPU", sum(services, original::gcCpuShare), sum(services, copy::gcCpuShare), SHARE_MOVED);
        share(moved, "GC paused them", "of the window", max(services, original::gcPauseShare), max(services, copy::gcPauseShare), SHARE_MOVED);
        share(moved, "their compilers", "of the window", max(services, original::compileShare), max(services, copy::compileShare), SHARE_MOVED);
        lab.vthreads.lab.isolation.Partition partition = results.partition();
        if (partition != null && partition.isolated()) {
            share(moved, "the load side's CPUs", "busy", Summary.sideBusy(original, partition.loadCpus()), Summary.sideBusy(copy, partition.loadCpus()),
                    LOAD_SIDE_MOVED);
        }
        if (original.machine() != null && copy.machine() != null) {
            share(moved, "the hypervisor's steal", "of the machine", original.machine().meanSteal(), copy.machine().meanSteal(), SHARE_MOVED);
        }
        return moved;
    }

    private static void share(List<String> moved, String what, String of, double before, double after, double threshold) {
        if (Double.isNaN(before) || Double.isNaN(after) || Math.abs(after - before) < threshold) return;
        moved.add(String.format(Locale.ROOT, "%s %.0f%% → %.0f%% %s", what, before * 100, after * 100, of));
    }

    private static double sum(List<String> services, ToDoubleFunction<String> share) {
        double[] each = services.stream().mapToDouble(share).filter(v -> !Double.isNaN(v)).toArray();
        return each.length == 0 ? Double.NaN : java.util.Arrays.stream(each).sum();
    }

    private static double max(List<String> services, ToDoubleFunction<String> share) {
        return services.stream().mapToDouble(share).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    private static double spread(CellResult original, CellResult copy, ToDoubleFunction<RepeatResult> value) {
        double widest = 0;
        for (RepeatResult o : original.repeats()) {
            RepeatResult c = copy.repeats().stream().filter(r -> r.repeat() == o.repeat()).findFirst().orElse(null);
            if (c == null || value.applyAsDouble(o) <= 0) continue;
            widest = Math.max(widest, Math.abs(value.applyAsDouble(c) / value.applyAsDouble(o) - 1));
        }
        return widest;
    }
}
