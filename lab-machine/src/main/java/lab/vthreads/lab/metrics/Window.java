package lab.vthreads.lab.metrics;

import java.util.List;
import java.util.Map;

/**
 * A stretch of a measured run, in seconds since the sampler started ({@code t} in the samples): usually the load
 * generator's hold window, so that CPU per request divides CPU and requests over the same seconds.
 *
 * <p>Each sample's rates (cores, busy shares) cover the interval since the sample before it, and samples come at
 * uneven intervals when the machine is busy (a scrape of a saturated service takes its time), so means are weighted
 * by how much of each interval lies in the window, not counted per sample.
 */
public record Window(double from, double to) {

    public Window {
        if (!(to > from)) throw new IllegalArgumentException("a window needs to > from, got " + from + ".." + to);
    }

    public double seconds() {
        return to - from;
    }

    /** The time-weighted mean of a per-interval rate ({@code cpu.X}, {@code cpuBusy.N}) over this window; NaN without data. */
    public double mean(List<Map<String, Double>> samples, String key) {
        double weighted = 0, covered = 0;
        Double previousT = null;
        for (Map<String, Double> sample : samples) {
            Double t = sample.get("t");
            if (t == null) continue;
            Double value = sample.get(key);
            if (previousT != null && value != null && !value.isNaN()) {
                double overlap = Math.min(t, to) - Math.max(previousT, from);
                if (overlap > 0) {
                    weighted += value * overlap;
                    covered += overlap;
                }
            }
            previousT = t;
        }
        return covered > 0 ? weighted / covered : Double.NaN;
    }

    /** The mean of an instantaneous reading (a gauge: waiters, busy threads) over the samples taken in this window. */
    public double gaugeMean(List<Map<String, Double>> samples, String key) {
        return samples.stream().filter(s -> s.get("t") != null && s.get("t") >= from && s.get("t") <= to).map(s -> s.get(key))
                .filter(v -> v != null && !v.isNaN()).mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** The growth of a cumulative counter over this window, from the samples nearest its edges inside it. */
    public double delta(List<Map<String, Double>> samples, String key) {
        Map<String, Double> first = null, last = null;
        for (Map<String, Double> sample : samples) {
            Double t = sample.get("t");
            if (t == null || t < from || t > to || !sample.containsKey(key)) continue;
            if (first == null) first = sample;
            last = sample;
        }
        return first == null || first == last ? Double.NaN : last.get(key) - first.get(key);
    }
}
