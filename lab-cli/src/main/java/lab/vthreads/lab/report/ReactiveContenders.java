package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.TreeSet;

/** The reactive cells against the platform cells and the virtual cells of the same variant and level, where both ran. */
public final class ReactiveContenders {

    /**
     * The reactive contender against one thread mode at one level: reactive ÷ that mode, for throughput and latency.
     *
     * @param steady        whether both cells' windows were steady (null where a cell's steadiness was not measured)
     * @param cpuPerRequest pessoa-service's CPU per request, reactive ÷ the other (each the median over its repeats of the
     *                      service's mean cores ÷ its throughput; NaN where a process's CPU was not measured): at a
     *                      CPU-bound level, what decides which mode serves more
     */
    public record Contender(String variant, int users, ThreadMode against, double throughput, double p95, double mean, Boolean steady,
                            double cpuPerRequest) {
    }

    private ReactiveContenders() {
    }

    static List<Contender> of(ExperimentResults results, List<Summary.Row> rows) {
        List<Contender> contenders = new ArrayList<>();
        for (String variant : new LinkedHashSet<>(rows.stream().map(Summary.Row::variant).toList())) {
            for (int users : new TreeSet<>(rows.stream().map(Summary.Row::users).toList())) {
                Summary.Row reactive = Summary.find(rows, variant, users, ThreadMode.REACTIVE);
                if (reactive == null) continue;
                for (ThreadMode against : List.of(ThreadMode.PLATFORM, ThreadMode.VIRTUAL)) {
                    Summary.Row other = Summary.find(rows, variant, users, against);
                    if (other == null) continue;
                    contenders.add(new Contender(variant, users, against, reactive.throughput().median() / other.throughput().median(),
                            reactive.p95().median() / other.p95().median(), reactive.mean().median() / other.mean().median(),
                            reactive.steady() == null || other.steady() == null ? null : reactive.steady() && other.steady(),
                            pessoaCpuPerRequest(results, reactive.cell()) / pessoaCpuPerRequest(results, other.cell())));
                }
            }
        }
        return contenders;
    }

    /** pessoa-service's CPU per request in a cell, in cores ÷ (req/s): the median over its repeats. */
    private static double pessoaCpuPerRequest(ExperimentResults results, String cellId) {
        return results.cells().stream().filter(c -> c.id().equals(cellId)).findFirst()
                .map(c -> Summary.Stat.of(c.repeats().stream().mapToDouble(r -> Summary.cpu(r, Component.PESSOA.label()) / r.client().throughput())
                        .toArray()).median())
                .orElse(Double.NaN);
    }
}
