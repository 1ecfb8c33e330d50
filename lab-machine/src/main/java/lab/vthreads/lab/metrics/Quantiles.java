package lab.vthreads.lab.metrics;

import java.util.Map;
import java.util.TreeMap;

/** Quantiles from cumulative histogram buckets, interpolated within a bucket as Prometheus' histogram_quantile does. */
public final class Quantiles {

    private Quantiles() {
    }

    /** The buckets' increase from {@code before} to {@code after}: what happened in between. */
    public static TreeMap<Double, Double> delta(TreeMap<Double, Double> before, TreeMap<Double, Double> after) {
        TreeMap<Double, Double> delta = new TreeMap<>();
        after.forEach((le, count) -> delta.put(le, count - before.getOrDefault(le, 0.0)));
        return delta;
    }

    /** @return the q-quantile (0..1), or NaN when the buckets hold no observation */
    public static double quantile(double q, TreeMap<Double, Double> cumulative) {
        if (cumulative.isEmpty()) return Double.NaN;
        double total = cumulative.lastEntry().getValue();
        if (total <= 0) return Double.NaN;
        double rank = q * total;
        double previousBound = 0;
        double previousCount = 0;
        for (Map.Entry<Double, Double> bucket : cumulative.entrySet()) {
            if (bucket.getValue() >= rank) {
                if (bucket.getKey().isInfinite()) {
                    return previousBound;
                }
                double inBucket = bucket.getValue() - previousCount;
                double fraction = inBucket <= 0 ? 0 : (rank - previousCount) / inBucket;
                return previousBound + (bucket.getKey() - previousBound) * fraction;
            }
            previousBound = bucket.getKey();
            previousCount = bucket.getValue();
        }
        return previousBound;
    }
}
