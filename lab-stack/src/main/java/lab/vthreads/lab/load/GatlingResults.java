package lab.vthreads.lab.load;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads the JSON results a simulation writes (the gatling module's {@code RunRecorder}): the other side of the contract. */
public final class GatlingResults {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private GatlingResults() {
    }

    /**
     * @param exit the simulation's exit code, kept with the results (non-zero: a crash, or the nothing-lost check)
     * @return what the run measured; a run that wrote no file is recorded as such, not thrown away
     */
    public static ClientResult read(Path resultsFile, int exit) {
        if (!Files.isRegularFile(resultsFile)) {
            return new ClientResult(0, 0, 0, 0, new ClientResult.Latency(0, 0, 0, 0, 0), Map.of("Gatling wrote no results", 1L), 0, 0, false, exit, 0.0,
                    0L, 0L, new ClientResult.Latency(0, 0, 0, 0, 0), null, null, null);
        }
        JsonNode r = JSON.readTree(resultsFile.toFile());
        // Everything the table shows is the hold window's: the warm-up and the ramps are not measured.
        int from = r.get("steadyWindowSeconds").get(0).asInt(), to = r.get("steadyWindowSeconds").get(1).asInt();
        long ok = inWindow(r.get("okPerSecond"), from, to);
        long ko = inWindow(r.get("koPerSecond"), from, to);
        long deferred = inWindow(r.get("deferredPerSecond"), from, to);
        JsonNode latency = r.get("steadyOkLatencyMs").get("count").asLong() > 0 ? r.get("steadyOkLatencyMs") : r.get("okLatencyMs");
        Map<String, Long> reasons = new LinkedHashMap<>();
        r.get("koReasons").properties().forEach(e -> reasons.put(e.getKey(), e.getValue().asLong()));
        long created = r.get("created201").asLong();
        boolean countRead = !r.path("countAfter").isNull() && !r.path("countAfter").isMissingNode();
        // A scenario's simulation counts nothing (neither count read): only a count read before and not after is lost.
        boolean counting = countRead || !(r.path("countBefore").isNull() || r.path("countBefore").isMissingNode());
        if (!countRead && counting) reasons.put("count endpoint unreadable after the run", 1L);
        long delta = countRead ? r.get("countAfter").asLong() - r.get("countBefore").asLong() : -1;
        ClientResult.Latency requestLatency = latency(latency);
        JsonNode operations = r.path("steadyOperationOkLatencyMs");
        return new ClientResult(ok + ko + deferred, ok, ko, to > from ? (double) ok / (to - from) : 0, requestLatency, reasons, created, delta,
                countRead && created == delta, exit, to > from ? (double) (ok + ko + deferred) / (to - from) : 0.0,
                deferred, r.path("abandoned").asLong(0), operations.path("count").asLong(0) > 0 ? latency(operations) : requestLatency,
                r.get("startEpochMs").asLong() + from * 1000L, r.get("startEpochMs").asLong() + to * 1000L, trend(r.get("okPerSecond"), from, to),
                trendNoise(r.get("okPerSecond"), from, to), compileShare(r.path("steadyCompileMs"), from, to));
    }

    /** The load generator's compile ms in the window as a share of the window; null where it was not recorded. */
    static Double compileShare(JsonNode compileMs, int from, int to) {
        return compileMs.isNumber() && to > from ? compileMs.asDouble() / 1000 / (to - from) : null;
    }

    /**
     * The standard error of {@link #trend}: each half's per-second successes give its mean's standard error, and the
     * ratio's follows from both (to first order); null where {@link #trend} is.
     */
    static Double trendNoise(JsonNode perSecond, int from, int to) {
        int half = (to - from) / 2;
        if (half < 2) return null;
        double[] first = seconds(perSecond, from, from + half), second = seconds(perSecond, to - half, to);
        double m1 = mean(first), m2 = mean(second);
        if (m1 <= 0) return null;
        double se1 = Math.sqrt(variance(first, m1) / first.length), se2 = Math.sqrt(variance(second, m2) / second.length);
        // ratio m2/m1: relative errors add in quadrature
        return (m2 / m1) * Math.sqrt(Math.pow(se1 / m1, 2) + (m2 > 0 ? Math.pow(se2 / m2, 2) : 0));
    }

    private static double[] seconds(JsonNode perSecond, int from, int to) {
        double[] values = new double[Math.max(0, to - from)];
        for (int i = from; i < to; i++) values[i - from] = perSecond != null && i < perSecond.size() ? perSecond.get(i).asLong() : 0;
        return values;
    }

    private static double mean(double[] values) {
        return java.util.Arrays.stream(values).average().orElse(0);
    }

    /** The sample variance (n − 1). */
    private static double variance(double[] values, double mean) {
        if (values.length < 2) return 0;
        return java.util.Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (values.length - 1);
    }

    /** The second half of the window's successes ÷ the first half's, − 1; null for a window under 4 s or an empty first half. */
    static Double trend(JsonNode perSecond, int from, int to) {
        int half = (to - from) / 2;
        if (half < 2) return null;
        long first = inWindow(perSecond, from, from + half), second = inWindow(perSecond, to - half, to);
        return first == 0 ? null : (double) second / first - 1;
    }

    private static ClientResult.Latency latency(JsonNode summary) {
        return new ClientResult.Latency(summary.path("mean").asDouble(), summary.path("p50").asDouble(), summary.path("p95").asDouble(),
                summary.path("p99").asDouble(), summary.path("max").asDouble());
    }

    private static long inWindow(JsonNode perSecond, int from, int to) {
        long sum = 0;
        for (int i = from; i < to && perSecond != null && i < perSecond.size(); i++) sum += perSecond.get(i).asLong();
        return sum;
    }
}
