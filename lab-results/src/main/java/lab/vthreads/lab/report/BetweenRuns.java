package lab.vthreads.lab.report;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.List;
import java.util.Locale;

/**
 * The noise between runs at one user level: virtual ÷ platform measured on fresh pairs of JVMs, each with its own
 * prewarm (this run's repeats, and the repeats of the earlier runs kept with the same preset, cells, machine and
 * code), and the {@link #CONFIDENCE} interval of their geometric mean. The A/A copy only shows how far two windows on
 * the same warm JVMs land apart; two runs also differ in their JVMs' warm-up and placement, which is what the next
 * run of the user's will differ in.
 *
 * @param runs         how many runs the samples come from, this one included
 * @param samples      how many ratios: one per repeat of each run
 * @param lowest       the smallest ratio
 * @param highest      the largest
 * @param intervalLow  the interval's lower end: exp(m − t·s/√n), m and s the mean and standard deviation of the ratios'
 *                     logarithms, t Student's quantile for n − 1 degrees of freedom
 * @param intervalHigh its upper end
 * @param from         the earlier runs' folders, oldest first
 */
public record BetweenRuns(int runs, int samples, double lowest, double highest, double intervalLow, double intervalHigh, List<String> from) {

    /** Two-sided: the chance that an interval drawn this way holds the ratio the runs would give on average. */
    public static final double CONFIDENCE = 0.95;

    /**
     * With a single ratio there is no noise between runs to judge by, only the A/A copy's, which is smaller. A difference
     * this large is taken from one run; docs/how-it-measures.md says where the figure comes from.
     */
    public static final double UNREPEATED = 0.20;

    /** The rule, for the report's text and docs/how-it-measures.md. */
    public static final String RULE = String.format(Locale.ROOT,
            "Beyond the noise means: with two or more ratios from fresh JVMs (this run's repeats and the earlier runs kept under results/ "
                    + "with the same preset, cells, machine and code), their %.0f%% interval (Student's t on the logarithms of the ratios) "
                    + "lies wholly above or below 1, and the ratio is outside this run's A/A spread where it has one; "
                    + "with a single ratio, outside the A/A spread and more than %.0f%% from 1, else \"this run only\": run it again "
                    + "(or --repeat 3) before acting on it.", CONFIDENCE * 100, UNREPEATED * 100);

    /** @return null with fewer than two ratios, which have no spread */
    static BetweenRuns of(List<Double> ratios, int runs, List<String> from) {
        if (ratios.size() < 2) return null;
        double[] logs = ratios.stream().mapToDouble(Math::log).toArray();
        int n = logs.length;
        double mean = java.util.Arrays.stream(logs).average().orElseThrow();
        double variance = java.util.Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum() / (n - 1);
        double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        double half = t * Math.sqrt(variance / n);
        return new BetweenRuns(runs, n, ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), Math.exp(mean - half), Math.exp(mean + half), List.copyOf(from));
    }

    /** Whether the interval leaves out parity: the runs agree on which mode served more. */
    public boolean excludesParity() {
        return intervalLow > 1 || intervalHigh < 1;
    }

    /** The interval's half-width as a share of its centre: how far apart runs of this cell may land, at this confidence. */
    public double halfWidth() {
        return Math.sqrt(intervalHigh / intervalLow) - 1;
    }

    /** The figures for the verdict's sentence; with this run's repeats alone their range is already in it. */
    String text() {
        if (from.isEmpty()) {
            return String.format(Locale.ROOT, "between its %d repeats, %.0f%% interval %.2f–%.2f×", samples, CONFIDENCE * 100, intervalLow, intervalHigh);
        }
        return String.format(Locale.ROOT, "between runs %.2f–%.2f× over %d ratios from %d runs, %.0f%% interval %.2f–%.2f×",
                lowest, highest, samples, runs, CONFIDENCE * 100, intervalLow, intervalHigh);
    }
}
