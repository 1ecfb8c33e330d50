package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.plan.Published;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.isolation.CpuSet;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Bottleneck;
import lab.vthreads.lab.model.CapacityModel;
import lab.vthreads.lab.model.Prediction;
import lab.vthreads.lab.model.QueueingModel;
import lab.vthreads.lab.model.ScaledScenario;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The numbers the report shows, computed once from results.json: per cell the median and min–max over the repeats,
 * the virtual/platform ratios of the medians (next to the published ones, when the preset reproduces a study), the
 * capacity model's prediction next to what was measured, and per mode the peak platform threads, heap and CPU.
 */
public record Summary(List<Row> rows, List<Ratio> ratios, List<Contenders.Contender> contenders, List<ModeFootprint> footprints, List<ModelRow> model,
                      List<AaControl.Spread> aa, Interference.Check interference, Verdict verdict) {

    /** Median and range over repeats. */
    public record Stat(double median, double min, double max) {
        static Stat of(double[] values) {
            double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
            if (v.length == 0) return new Stat(Double.NaN, Double.NaN, Double.NaN);
            double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
            return new Stat(median, v[0], v[v.length - 1]);
        }
    }

    /**
     * @param replica      the A/A copy of another cell
     * @param trends       each repeat's {@link lab.vthreads.lab.load.ClientResult#holdTrend}, where known
     * @param trendNoises  each repeat's {@link lab.vthreads.lab.load.ClientResult#holdTrendNoise}, beside its trend (null: not recorded)
     */
    public record Row(String cell, String variant, int users, ThreadMode mode, boolean replica, int repeats, Stat requests, Stat throughput,
                      Stat mean, Stat p95, Stat p99, Stat errors, Boolean allConsistent, boolean anyStealFlagged, List<Double> trends,
                      List<Double> trendNoises) {

        /** Every repeat's hold window steady (null: not recorded), by {@link lab.vthreads.lab.load.ClientResult#steady}'s rule. */
        public Boolean steady() {
            if (trends.isEmpty()) return null;
            for (int i = 0; i < trends.size(); i++) {
                if (!lab.vthreads.lab.load.ClientResult.steady(trends.get(i), i < trendNoises.size() ? trendNoises.get(i) : null)) return false;
            }
            return true;
        }
    }

    /**
     * virtual ÷ platform of the medians: above 1 for throughput, below 1 for p95, means virtual did better. The
     * published ratios are null when the preset reproduces no study, or the study had no such row.
     *
     * @param steady      whether both cells' hold windows were steady in every repeat (null: not recorded); a ratio of
     *                    unsteady cells depends on where the window was cut, not only on the thread model
     * @param mean        virtual ÷ platform of the mean latency, for a study that gave means rather than percentiles
     */
    public record Ratio(String variant, int users, double throughput, double p95, Double publishedThroughput, Double publishedP95,
                        Boolean steady, double mean, Double publishedMean) {
    }

    /**
     * What one thread mode's services held, over all its cells: pessoa-service's threads, each service's peak heap and
     * resident memory, and both services' CPU.
     *
     * @param servicesCpuShare both services' mean CPU as a share of the CPUs they ran on (their side's, where the run
     *                         was partitioned; else the machine's): what a study's "CPU utilisation" compares with
     */
    public record ModeFootprint(ThreadMode mode, double peakPlatformThreads, double peakVirtualThreads, double peakHeapMb, double peakRssMb,
                                double peakHeapMbGateway, double peakRssMbGateway, double meanCpuCoresServices, double servicesCpuShare) {
    }

    /**
     * The model against the measurement for one cell.
     *
     * @param prediction     the operational bounds, the smallest of them binding: which resource caps the cell
     * @param queueing       the queueing network's solution: the predicted throughput and mean response time
     * @param predictedMeanMs the queueing solution's steady mean response time, or, in a window that opened before the
     *                        steady state, the mean of the queue's first requests ({@link lab.vthreads.lab.model.FirstPass})
     * @param measuredMeanMs the mean response time of the successful requests in the window (median over repeats)
     * @param observed       the bottleneck the measurements point at (see {@link CapacityModel#observed})
     * @param deviation      measured ÷ the queueing prediction − 1
     * @param miss           why a cell more than 15% off is off, from the run's figures ({@link ModelMisses}); null otherwise
     * @param latencyNote    why the predicted mean is not the steady one ({@link ModelRows#earlyWindow}); null otherwise
     */
    public record ModelRow(String cell, Prediction prediction, QueueingModel.Prediction queueing, double measured, double predictedMeanMs,
                           double measuredMeanMs, Bottleneck observed, String evidence, double deviation, boolean surprising, String miss,
                           String latencyNote) {

        /** The predicted throughput: the queueing solution's. */
        public double predicted() {
            return queueing.throughput();
        }

        /** measured mean response time ÷ the predicted one − 1 (NaN where the mean was not measured). */
        public double latencyDeviation() {
            return measuredMeanMs / predictedMeanMs - 1;
        }
    }

    public static Summary of(ExperimentResults results) {
        return of(results, List.of());
    }

    /** @param kept the earlier runs that repeat this one ({@link KeptRuns}), for the verdict's noise between runs */
    public static Summary of(ExperimentResults results, List<KeptRuns.Kept> kept) {
        List<Row> rows = new ArrayList<>();
        for (CellResult cell : results.cells()) {
            List<RepeatResult> r = cell.repeats();
            rows.add(new Row(cell.id(), cell.variant(), cell.users(), cell.mode(), cell.factors() != null && cell.factors().replica(), r.size(),
                    stat(r, x -> x.client().requests()), stat(r, x -> x.client().throughput()),
                    stat(r, x -> x.client().latency().mean()), stat(r, x -> x.client().latency().p95()),
                    stat(r, x -> x.client().latency().p99()), stat(r, x -> x.client().ko()),
                    // Null: not checked (a user's scenario; the lab knows no count of its application's rows).
                    results.settings() == null || results.settings().checksStoredRows() ? r.stream().allMatch(x -> x.client().consistent()) : null,
                    r.stream().anyMatch(RepeatResult::stealFlagged),
                    r.stream().map(x -> x.client().holdTrend()).filter(Objects::nonNull).toList(),
                    r.stream().filter(x -> x.client().holdTrend() != null).map(x -> x.client().holdTrendNoise()).collect(java.util.stream.Collectors.toList())));
        }
        List<AaControl.Spread> aa = AaControl.of(results);
        // With faults, both modes lose the same seconds to them: what to compare is the timeline and the rows, not a ratio.
        List<Ratio> ratios = results.settings().hasFaults() ? List.of() : ratios(rows, results.settings().published(), results.scaled());
        List<ModelRow> model = ModelRows.of(results, rows);
        List<Contenders.Contender> contenders = results.settings().hasFaults() ? List.of() : Contenders.of(results, rows);
        return new Summary(rows, ratios, contenders, footprints(results), model, aa, Interference.of(results), Verdict.of(results, rows, ratios, model, aa, kept));
    }

    /** A scaled run's users stand for the study's: 8 scaled users compare with the study's 100. */
    private static List<Ratio> ratios(List<Row> rows, Published published, ScaledScenario scaled) {
        List<Ratio> ratios = new ArrayList<>();
        for (String variant : new LinkedHashSet<>(rows.stream().map(Row::variant).toList())) {
            for (int users : new TreeSet<>(rows.stream().map(Row::users).toList())) {
                Row platform = find(rows, variant, users, ThreadMode.PLATFORM);
                Row virtual = find(rows, variant, users, ThreadMode.VIRTUAL);
                if (platform == null || virtual == null) continue;
                Published.Row study = published == null || published.rows() == null ? null
                        : published.rows().stream().filter(p -> Objects.equals(p.users(), scaled != null ? scaled.publishedUsersFor(users) : users))
                        .findFirst().orElse(null);
                double throughput = virtual.throughput().median() / platform.throughput().median();
                ratios.add(new Ratio(variant, users, throughput, virtual.p95().median() / platform.p95().median(),
                        study != null ? study.throughputRatio() : null, study != null ? study.p95Ratio() : null,
                        platform.steady() == null || virtual.steady() == null ? null : platform.steady() && virtual.steady(),
                        virtual.mean().median() / platform.mean().median(), study != null ? study.meanRatio() : null));
            }
        }
        return ratios;
    }

    /** The sample names of the system's JVMs, whose counters (GC, compilers) a figure sums or compares: each cell's, once. */
    static List<String> jvmSampleNames(ExperimentResults results) {
        return results.cells().stream().flatMap(c -> c.sampleNames().services().stream()).distinct().toList();
    }

    private static List<ModeFootprint> footprints(ExperimentResults results) {
        TestedSystem system = TestedSystem.of(results);
        List<ModeFootprint> footprints = new ArrayList<>();
        for (ThreadMode mode : new TreeSet<>(results.cells().stream().map(CellResult::mode).toList())) {
            List<RepeatResult> all = results.cells().stream().filter(c -> c.mode() == mode).flatMap(c -> c.repeats().stream()).toList();
            String service = system.footprintProcess();
            double cores = all.stream().mapToDouble(x -> system.cpuCores(x, Summary::cpu)).average().orElse(Double.NaN);
            footprints.add(new ModeFootprint(mode,
                    max(all, x -> orNaN(x.server().peakPlatformThreadsServer())),
                    max(all, x -> orNaN(x.server().peakVirtualThreadsServer())),
                    max(all, x -> orNaN(x.server().peakHeapMbServer())),
                    max(all, x -> rss(x, service)),
                    system.hasGateway() ? max(all, x -> orNaN(x.server().peakHeapMbEntry())) : Double.NaN,
                    system.hasGateway() ? max(all, x -> rss(x, Component.GATEWAY.label())) : Double.NaN,
                    cores, cores / servicesCpus(results.partition())));
        }
        return footprints;
    }

    /**
     * The mean of a sampled gauge over the hold window; in files written before the window was recorded, over the
     * middle 60% of the samples (ramps excluded, roughly the hold window).
     */
    static double middleMean(RepeatResult repeat, String key) {
        List<Map<String, Double>> samples = repeat.samples();
        if (repeat.window() != null) return repeat.window().gaugeMean(samples, key);
        int from = (int) (samples.size() * 0.2), to = (int) Math.ceil(samples.size() * 0.8);
        return samples.subList(from, Math.max(from, to)).stream().map(s -> s.get(key)).filter(v -> v != null && !v.isNaN())
                .mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** How busy a set of CPUs was over the middle of the run: the mean of their per-CPU busy shares. */
    public static double sideBusy(RepeatResult repeat, String cpus) {
        return CpuSet.parse(cpus).cpus().stream().mapToDouble(cpu -> repeat.window() != null ? repeat.window().mean(repeat.samples(),
                SampleKeys.cpuBusy(cpu)) : middleMean(repeat, SampleKeys.cpuBusy(cpu))).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    /**
     * The share of a set of CPUs' 50 ms slices in which they never idled, over the window (the mean of their own);
     * every CPU sampled where {@code cpus} is null (no partition); NaN for a run that did not record it.
     */
    public static double sideSaturated(RepeatResult repeat, String cpus) {
        java.util.stream.Stream<String> keys = cpus != null ? CpuSet.parse(cpus).cpus().stream().map(SampleKeys::cpuSaturated)
                : repeat.samples().stream().flatMap(s -> s.keySet().stream()).filter(k -> k.startsWith(SampleKeys.CPU_SATURATED_PREFIX)).distinct();
        return keys.mapToDouble(key -> repeat.window() != null ? repeat.window().mean(repeat.samples(), key) : middleMean(repeat, key))
                .filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    /** Mean busy Tomcat threads of the cell's busier service, over the middle of the run (NaN in virtual mode). */
    static double busierTomcat(CellResult cell, RepeatResult repeat) {
        return cell.sampleNames().services().stream().mapToDouble(s -> middleMean(repeat, SampleKeys.ServiceValue.TOMCAT_BUSY.of(s)))
                .filter(busy -> !Double.isNaN(busy)).max().orElse(Double.NaN);
    }

    static Row find(List<Row> rows, String variant, int users, ThreadMode mode) {
        return rows.stream().filter(r -> Objects.equals(r.variant(), variant) && r.users() == users && r.mode() == mode && !r.replica())
                .findFirst().orElse(null);
    }

    private static Stat stat(List<RepeatResult> repeats, ToDoubleFunction<RepeatResult> value) {
        return Stat.of(repeats.stream().mapToDouble(value).toArray());
    }

    private static double max(List<RepeatResult> repeats, ToDoubleFunction<RepeatResult> value) {
        return repeats.stream().mapToDouble(value).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    /** The CPUs the services ran on: their side's where the run was partitioned, else every CPU; NaN where unknown. */
    private static double servicesCpus(Partition partition) {
        if (partition == null) return Double.NaN;
        return partition.isolated() ? partition.systemCpuCount() : partition.machineCpuCount();
    }

    static double cpu(RepeatResult r, String process) {
        return usage(r, process, ExperimentResults.ProcessUsage::meanCpuCores);
    }

    private static double rss(RepeatResult r, String process) {
        return usage(r, process, ExperimentResults.ProcessUsage::peakRssMb);
    }

    /** One figure of a process's usage in a run; NaN where the process was not measured. */
    private static double usage(RepeatResult r, String process, ToDoubleFunction<ExperimentResults.ProcessUsage> figure) {
        ExperimentResults.ProcessUsage usage = r.processes().get(process);
        return usage == null ? Double.NaN : figure.applyAsDouble(usage);
    }

    private static double orNaN(Double value) {
        return Objects.requireNonNullElse(value, Double.NaN);
    }
}
