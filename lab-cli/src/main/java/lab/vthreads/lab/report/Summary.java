package lab.vthreads.lab.report;

import lab.vthreads.lab.experiment.ExperimentResults;
import lab.vthreads.lab.experiment.ExperimentResults.CellResult;
import lab.vthreads.lab.experiment.ExperimentResults.RepeatResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The numbers the report shows, computed once from results.json: per users level and mode the median and min–max
 * over the repeats (Table I of the paper), the virtual/platform ratios of the medians, and per mode the peak
 * platform threads, peak heap and mean CPU.
 */
public record Summary(List<Row> rows, List<Ratio> ratios, List<ModeFootprint> footprints) {

    /** Median and range over repeats. */
    public record Stat(double median, double min, double max) {
        static Stat of(double[] values) {
            double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
            if (v.length == 0) return new Stat(Double.NaN, Double.NaN, Double.NaN);
            double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
            return new Stat(median, v[0], v[v.length - 1]);
        }
    }

    public record Row(int users, String mode, int repeats, Stat requests, Stat throughput, Stat mean, Stat p95, Stat p99, Stat errors,
                      boolean allConsistent, boolean anyStealFlagged) {
    }

    /** virtual ÷ platform of the medians: above 1 for throughput, below 1 for p95, means virtual did better. */
    public record Ratio(int users, double throughput, double p95) {
    }

    public record ModeFootprint(String mode, double peakPlatformThreads, double peakHeapMb, double meanCpuCoresServices) {
    }

    public static Summary of(ExperimentResults results) {
        List<Row> rows = new ArrayList<>();
        for (CellResult cell : results.cells()) {
            List<RepeatResult> r = cell.repeats();
            rows.add(new Row(cell.users(), cell.mode(), r.size(),
                    stat(r, x -> x.client().requests()), stat(r, x -> x.client().throughput()),
                    stat(r, x -> x.client().latency().mean()), stat(r, x -> x.client().latency().p95()),
                    stat(r, x -> x.client().latency().p99()), stat(r, x -> x.client().ko()),
                    r.stream().allMatch(x -> x.client().consistent()), r.stream().anyMatch(RepeatResult::stealFlagged)));
        }
        List<Ratio> ratios = new ArrayList<>();
        for (int users : new TreeSet<>(rows.stream().map(Row::users).toList())) {
            Row platform = find(rows, users, "platform");
            Row virtual = find(rows, users, "virtual");
            if (platform != null && virtual != null) {
                ratios.add(new Ratio(users, virtual.throughput().median() / platform.throughput().median(),
                        virtual.p95().median() / platform.p95().median()));
            }
        }
        List<ModeFootprint> footprints = new ArrayList<>();
        for (String mode : new TreeSet<>(results.cells().stream().map(CellResult::mode).toList())) {
            List<RepeatResult> all = results.cells().stream().filter(c -> c.mode().equals(mode)).flatMap(c -> c.repeats().stream()).toList();
            footprints.add(new ModeFootprint(mode,
                    max(all, x -> orNaN(x.server().peakPlatformThreadsPessoa())),
                    max(all, x -> orNaN(x.server().peakHeapMbPessoa())),
                    all.stream().mapToDouble(x -> cpu(x, "pessoa-service") + cpu(x, "gateway-service")).average().orElse(Double.NaN)));
        }
        return new Summary(rows, ratios, footprints);
    }

    private static Row find(List<Row> rows, int users, String mode) {
        return rows.stream().filter(r -> r.users() == users && r.mode().equals(mode)).findFirst().orElse(null);
    }

    private static Stat stat(List<RepeatResult> repeats, ToDoubleFunction<RepeatResult> value) {
        return Stat.of(repeats.stream().mapToDouble(value).toArray());
    }

    private static double max(List<RepeatResult> repeats, ToDoubleFunction<RepeatResult> value) {
        return repeats.stream().mapToDouble(value).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    private static double cpu(RepeatResult r, String process) {
        ExperimentResults.ProcessUsage usage = r.processes().get(process);
        return usage == null ? 0 : usage.meanCpuCores();
    }

    private static double orNaN(Double value) {
        return Objects.requireNonNullElse(value, Double.NaN);
    }
}
