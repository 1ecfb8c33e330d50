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
            return new ClientResult(0, 0, 0, 0, new ClientResult.Latency(0, 0, 0, 0, 0), Map.of("Gatling wrote no results", 1L), 0, 0, false, exit);
        }
        JsonNode r = JSON.readTree(resultsFile.toFile());
        long ok = r.get("ok").asLong(), ko = r.get("ko").asLong();
        int from = r.get("steadyWindowSeconds").get(0).asInt(), to = r.get("steadyWindowSeconds").get(1).asInt();
        long steadyOk = 0;
        JsonNode perSecond = r.get("okPerSecond");
        for (int i = from; i < to && i < perSecond.size(); i++) steadyOk += perSecond.get(i).asLong();
        JsonNode latency = r.get("steadyOkLatencyMs").get("count").asLong() > 0 ? r.get("steadyOkLatencyMs") : r.get("okLatencyMs");
        Map<String, Long> reasons = new LinkedHashMap<>();
        r.get("koReasons").properties().forEach(e -> reasons.put(e.getKey(), e.getValue().asLong()));
        long created = r.get("created201").asLong();
        boolean countRead = !r.path("countAfter").isNull() && !r.path("countAfter").isMissingNode();
        if (!countRead) reasons.put("count endpoint unreadable after the run", 1L);
        long delta = countRead ? r.get("countAfter").asLong() - r.get("countBefore").asLong() : -1;
        return new ClientResult(ok + ko, ok, ko, to > from ? (double) steadyOk / (to - from) : 0,
                new ClientResult.Latency(latency.path("mean").asDouble(), latency.path("p50").asDouble(), latency.path("p95").asDouble(),
                        latency.path("p99").asDouble(), latency.path("max").asDouble()),
                reasons, created, delta, countRead && created == delta, exit);
    }
}
