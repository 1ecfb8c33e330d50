package lab.vthreads.infra.histogram;

import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The summary of one latency histogram in a results file: {@code count}, and with any value {@code mean}, {@code p50},
 * {@code p95}, {@code p99} and {@code max}. Written in one place for the two writers of that file: the simulation
 * (gatling/, Jackson 2) and {@code ./lab merge-results} (lab-cli, Jackson 3), which each turn this map into JSON.
 */
public final class HistogramSummary {

    private HistogramSummary() {
    }

    public static Map<String, Object> of(Histogram h) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("count", h.getTotalCount());
        if (h.getTotalCount() > 0) {
            s.put("mean", h.getMean());
            s.put("p50", h.getValueAtPercentile(50));
            s.put("p95", h.getValueAtPercentile(95));
            s.put("p99", h.getValueAtPercentile(99));
            s.put("max", h.getMaxValue());
        }
        return s;
    }
}
