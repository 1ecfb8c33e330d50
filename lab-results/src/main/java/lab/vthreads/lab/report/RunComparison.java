package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.pinning.ServicePinning;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Two runs of the same preset, cell by cell: before and after a change, JDK 21 against 25, this machine against
 * another. A cell's throughput difference is beyond the noise when the runs' repeats say so (Student's t on the
 * logarithms, {@link BetweenRuns#CONFIDENCE}), or, with one repeat on a side, when it is beyond both runs' A/A
 * spreads and {@link BetweenRuns#UNREPEATED} from parity: the same rule the verdict applies to one run's ratios.
 *
 * @param changed the settings that differ between the two runs (the preset's factors, the JDK, the machine), in words
 */
public record RunComparison(String preset, List<String> changed, List<CellPair> cells) {

    /** One cell in both runs: its key, each run's medians and B ÷ A. */
    public record CellPair(String cell, Figures a, Figures b, double throughputRatio, boolean beyondNoise, String noise) {
    }

    /** A cell's medians over its repeats; NaN where not measured. */
    public record Figures(double throughput, double p95Ms, double meanMs, double cpuMsPerRequest, double peakHeapMb, double peakRssMb, double pinned,
                          int repeats) {
    }

    /** The comparison as Markdown: what changed, then one row per cell. */
    public String markdown(String first, String second) {
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "# %s: %s (A) against %s (B)%n%n", preset, first, second));
        md.append(changed.isEmpty() ? "Nothing recorded differs between the two runs' settings.\n\n"
                : "What differs: " + String.join("; ", changed) + ".\n\n");
        md.append("B ÷ A of the throughput medians; beyond the noise when the repeats' interval leaves out parity, or, with one repeat on a ")
                .append("side, when it is beyond both runs' A/A spreads and ").append(Math.round(BetweenRuns.UNREPEATED * 100))
                .append("% from parity. CPU per request is the system's processes' (services and PostgreSQL); heap and RSS are pessoa-service's peaks.\n\n");
        md.append("| cell | throughput A | throughput B | B ÷ A | beyond the noise? | p95 ms A / B | mean ms A / B | CPU ms per request A / B | ")
                .append("heap MB A / B | RSS MB A / B | pinned A / B |\n|---|---:|---:|---:|---|---|---|---|---|---|---|\n");
        for (CellPair c : cells) {
            md.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.2f× | %s (%s) | %s | %s | %s | %s | %s | %s |%n", c.cell(), c.a().throughput(),
                    c.b().throughput(), c.throughputRatio(), c.beyondNoise() ? "**yes**" : "not distinguishable", c.noise(),
                    pair(c.a().p95Ms(), c.b().p95Ms(), 0), pair(c.a().meanMs(), c.b().meanMs(), 0), pair(c.a().cpuMsPerRequest(), c.b().cpuMsPerRequest(), 2),
                    pair(c.a().peakHeapMb(), c.b().peakHeapMb(), 0), pair(c.a().peakRssMb(), c.b().peakRssMb(), 0), pair(c.a().pinned(), c.b().pinned(), 0)));
        }
        return md.toString();
    }

    private static String pair(double a, double b, int decimals) {
        return one(a, decimals) + " / " + one(b, decimals);
    }

    private static String one(double v, int decimals) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** @throws IllegalArgumentException when the two runs are not of the same experiment, saying what differs */
    public static RunComparison of(ExperimentResults a, ExperimentResults b) {
        if (!Objects.equals(a.preset(), b.preset())) {
            throw new IllegalArgumentException("the runs are of different presets (" + a.preset() + ", " + b.preset() + "): compare runs of one preset");
        }
        Map<String, CellResult> cellsA = byKey(a), cellsB = byKey(b);
        List<String> onlyA = cellsA.keySet().stream().filter(k -> !cellsB.containsKey(k)).toList();
        List<String> onlyB = cellsB.keySet().stream().filter(k -> !cellsA.containsKey(k)).toList();
        if (!onlyA.isEmpty() || !onlyB.isEmpty()) {
            throw new IllegalArgumentException("the runs' cells differ: only the first has " + (onlyA.isEmpty() ? "none" : String.join(", ", onlyA))
                    + "; only the second has " + (onlyB.isEmpty() ? "none" : String.join(", ", onlyB)) + " (same --users, --modes and --variants?)");
        }
        // NaN only when neither run has an A/A copy (Math.max would give NaN where either had none).
        double floor = maxKnown(widestSpread(a), widestSpread(b));
        List<CellPair> pairs = new ArrayList<>();
        cellsA.forEach((key, cellA) -> {
            CellResult cellB = cellsB.get(key);
            Figures fa = figures(cellA), fb = figures(cellB);
            double ratio = fb.throughput() / fa.throughput();
            String[] judged = judge(cellA, cellB, ratio, floor);
            pairs.add(new CellPair(key, fa, fb, ratio, judged[0] != null, judged[1]));
        });
        return new RunComparison(a.preset(), changed(a, b), List.copyOf(pairs));
    }

    /**
     * A cell's key across runs: its variant, mode and level. A scaled run's level is the study's, since the lab sizes
     * the users from each run's own calibration (two scaled runs of one preset measure 168 and 176 users for the same 500).
     */
    static Map<String, CellResult> byKey(ExperimentResults run) {
        Map<String, CellResult> cells = new LinkedHashMap<>();
        for (CellResult cell : run.cells()) {
            if (cell.repeats().isEmpty()) continue;
            int level = run.scaled() != null ? run.scaled().publishedUsersFor(cell.users()) : cell.users();
            boolean replica = cell.factors() != null && cell.factors().replica();
            String key = (cell.variant() != null ? cell.variant() + " " : "") + cell.mode().label() + " at " + level + " users"
                    + (run.scaled() != null ? " (scaled)" : "") + (replica ? ", A/A copy" : "");
            cells.put(key, cell);
        }
        return cells;
    }

    /** {beyond ("yes") or null, the figures it was judged by}. */
    private static String[] judge(CellResult a, CellResult b, double ratio, double floor) {
        double[] la = logs(a), lb = logs(b);
        if (la.length >= 2 && lb.length >= 2) {
            double ma = mean(la), mb = mean(lb);
            int df = la.length + lb.length - 2;
            double pooled = (sumSquares(la, ma) + sumSquares(lb, mb)) / df;
            double half = new TDistribution(df).inverseCumulativeProbability(1 - (1 - BetweenRuns.CONFIDENCE) / 2)
                    * Math.sqrt(pooled * (1.0 / la.length + 1.0 / lb.length));
            double low = Math.exp(mb - ma - half), high = Math.exp(mb - ma + half);
            String text = String.format(Locale.ROOT, "%.0f%% interval %.2f–%.2f× over %d and %d repeats", BetweenRuns.CONFIDENCE * 100, low, high,
                    la.length, lb.length);
            return new String[] {low > 1 || high < 1 ? "yes" : null, text};
        }
        if (!(ratio > 0) || Double.isInfinite(ratio)) return new String[] {null, "a side served nothing"};
        // Neither run has an A/A copy: no spread to beat, only the rule for a single run.
        boolean outside = Double.isNaN(floor) || Math.abs(ratio - 1) > floor;
        boolean large = Math.abs(ratio - 1) > BetweenRuns.UNREPEATED;
        String text = Double.isNaN(floor)
                ? String.format(Locale.ROOT, "one repeat on a side and no A/A copy in either run: %.0f%% from parity needed", BetweenRuns.UNREPEATED * 100)
                : String.format(Locale.ROOT, "one repeat on a side: A/A spread ±%.1f%%, %.0f%% from parity needed", floor * 100,
                BetweenRuns.UNREPEATED * 100);
        return new String[] {outside && large ? "yes" : null, text};
    }

    private static double[] logs(CellResult cell) {
        return cell.repeats().stream().mapToDouble(r -> r.client().throughput()).filter(x -> x > 0).map(Math::log).toArray();
    }

    private static double mean(double[] v) {
        return java.util.Arrays.stream(v).average().orElse(Double.NaN);
    }

    private static double sumSquares(double[] v, double mean) {
        return java.util.Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum();
    }

    private static double maxKnown(double x, double y) {
        return Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.max(x, y);
    }

    private static double widestSpread(ExperimentResults run) {
        return AaControl.of(run).stream().mapToDouble(AaControl.Spread::throughput).max().orElse(Double.NaN);
    }

    static Figures figures(CellResult cell) {
        List<RepeatResult> r = cell.repeats();
        return new Figures(median(r, x -> x.client().throughput()), median(r, x -> x.client().latency().p95()), median(r, x -> x.client().latency().mean()),
                median(r, ModelMisses::systemCpuMsPerRequest),
                median(r, x -> x.server() != null && x.server().peakHeapMbServer() != null ? x.server().peakHeapMbServer() : Double.NaN),
                median(r, x -> x.processes() != null && x.processes().containsKey("pessoa-service") ? x.processes().get("pessoa-service").peakRssMb()
                        : Double.NaN),
                median(r, RunComparison::pinnedEvents), r.size());
    }

    private static double pinnedEvents(RepeatResult r) {
        if (r.context().pinning() == null) return Double.NaN;
        return r.context().pinning().values().stream().filter(p -> p.notRead() == null).mapToDouble(ServicePinning::events).sum();
    }

    private static double median(List<RepeatResult> runs, ToDoubleFunction<RepeatResult> value) {
        return Summary.Stat.of(runs.stream().mapToDouble(value).toArray()).median();
    }

    /** What was set differently: the preset's factors, the services' JDK, the machine. */
    private static List<String> changed(ExperimentResults a, ExperimentResults b) {
        List<String> changed = new ArrayList<>();
        if (a.settings() != null && b.settings() != null) {
            for (java.lang.reflect.RecordComponent factor : lab.vthreads.lab.stack.Factors.class.getRecordComponents()) {
                Object before = value(factor, a.settings().factors()), after = value(factor, b.settings().factors());
                if (!Objects.equals(before, after)) changed.add(factor.getName() + ": " + before + " → " + after);
            }
        }
        String jdkA = firstJdk(a), jdkB = firstJdk(b);
        if (!Objects.equals(jdkA, jdkB)) changed.add("the services' JDK: " + jdkA + " → " + jdkB);
        if (a.identity() != null && b.identity() != null && !Objects.equals(a.identity().machine(), b.identity().machine())) {
            changed.add("the machine: " + a.identity().machine() + " → " + b.identity().machine());
        }
        if (a.identity() != null && b.identity() != null && !Objects.equals(a.identity().code(), b.identity().code())) {
            changed.add("the code: " + a.identity().code() + " → " + b.identity().code());
        }
        return changed;
    }

    private static Object value(java.lang.reflect.RecordComponent component, lab.vthreads.lab.stack.Factors factors) {
        try {
            return factors == null ? null : component.getAccessor().invoke(factors);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String firstJdk(ExperimentResults run) {
        return run.cells().stream().flatMap(c -> c.repeats().stream()).map(r -> r.context().jdk()).filter(Objects::nonNull).findFirst().orElse(null);
    }
}
