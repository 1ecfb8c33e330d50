package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.CodeSize;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.TreeSet;

/**
 * The cells of a mode whose requests do not run on threads (another implementation of the contract) against the
 * platform cells and the virtual cells of the same variant and level, where both ran.
 */
public final class Contenders {

    /**
     * A contending mode against one thread mode at one level: its cells ÷ that mode's, for throughput and latency.
     *
     * @param steady        whether both cells' windows were steady (null where a cell's steadiness was not measured)
     * @param cpuPerRequest pessoa-service's CPU per request, the contender ÷ the other (each the median over its repeats of the
     *                      service's mean cores ÷ its throughput; NaN where a process's CPU was not measured): at a
     *                      CPU-bound level, what decides which mode serves more
     */
    public record Contender(ThreadMode mode, String variant, int users, ThreadMode against, double throughput, double p95, double mean, Boolean steady,
                            double cpuPerRequest) {
    }

    private Contenders() {
    }

    static List<Contender> of(ExperimentResults results, List<Summary.Row> rows) {
        List<Contender> contenders = new ArrayList<>();
        for (ThreadMode mode : ThreadMode.values()) {
            if (mode.onThreads()) continue;
            for (String variant : new LinkedHashSet<>(rows.stream().map(Summary.Row::variant).toList())) {
                for (int users : new TreeSet<>(rows.stream().map(Summary.Row::users).toList())) {
                    Summary.Row contender = Summary.find(rows, variant, users, mode);
                    if (contender == null) continue;
                    for (ThreadMode against : ThreadMode.threadModes()) {
                        Summary.Row other = Summary.find(rows, variant, users, against);
                        if (other == null) continue;
                        contenders.add(new Contender(mode, variant, users, against, contender.throughput().median() / other.throughput().median(),
                                contender.p95().median() / other.p95().median(), contender.mean().median() / other.mean().median(),
                                contender.steady() == null || other.steady() == null ? null : contender.steady() && other.steady(),
                                pessoaCpuPerRequest(results, contender.cell()) / pessoaCpuPerRequest(results, other.cell())));
                    }
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

    /**
     * The other half of the trade-off: what each implementation costs to read, from the sources the run was built from.
     * The shared contract module is its own row; the blocking service's lines for the lab's own switches and endpoints
     * are set apart, so that the two services' contract lines compare like with like.
     */
    static ReportTables.Table cost(List<CodeSize> sizes) {
        List<List<String>> rows = new ArrayList<>();
        for (CodeSize size : sizes) {
            rows.add(List.of(size.module(), Integer.toString(size.mainLines()), size.beyond().isEmpty() ? "–" : size.beyondContract() + " ("
                    + String.join(", ", size.beyond()) + ")", Integer.toString(size.contractLines()), Integer.toString(size.testLines())));
        }
        return new ReportTables.Table("The cost of writing it: lines of code",
                "Lines of Java, neither blank nor only a comment, counted the same way in each module. pessoa-contract (the request, the "
                        + "answers, the errors and the test suite both services pass) is shared, counted once. pessoa-service's main lines "
                        + "include whole files for the lab's own switches and endpoints, which the other implementation does not have; the "
                        + "contract's lines leave them out (switches woven into shared classes stay in). Its tests cover those switches too.",
                List.of("module", "main lines", "of which for the lab's own switches", "main lines for the contract", "test lines"), rows);
    }
}
