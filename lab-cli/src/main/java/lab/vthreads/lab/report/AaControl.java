package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.List;
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
     */
    public record Spread(String variant, int users, ThreadMode mode, double throughput, double p95, int pairs) {
    }

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
                    spread(original, copy, r -> r.client().latency().p95()), Math.min(original.repeats().size(), copy.repeats().size())));
        }
        return spreads;
    }

    static Spread find(List<Spread> spreads, String variant, int users) {
        return spreads.stream().filter(s -> Objects.equals(s.variant(), variant) && s.users() == users).findFirst().orElse(null);
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
