package lab.vthreads.lab.load;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Two load generators' results merged: the same percentiles as one histogram fed with every response time. */
class ResultsMergeTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final long START = 1_700_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void mergedPercentilesEqualOneHistogramFedWithEveryResponseTime() {
        Random random = new Random(42);
        Histogram everyOne = new Histogram(3_600_000, 3);
        Histogram a = new Histogram(3_600_000, 3), b = new Histogram(3_600_000, 3);
        // Two different distributions, so averaging the parts' percentiles would be visibly wrong.
        for (int i = 0; i < 20_000; i++) {
            long fast = Math.round(Math.exp(Math.log(200) + 0.4 * random.nextGaussian()));
            a.recordValue(fast);
            everyOne.recordValue(fast);
        }
        for (int i = 0; i < 5_000; i++) {
            long slow = Math.round(Math.exp(Math.log(900) + 0.6 * random.nextGaussian()));
            b.recordValue(slow);
            everyOne.recordValue(slow);
        }

        ObjectNode merged = ResultsMerge.merge(List.of(part("a", a, START, 100, 400, 1400, 0), part("b", b, START, 30, 400, 1400, 1)));

        for (String p : List.of("p50", "p95", "p99")) {
            double percentile = Double.parseDouble(p.substring(1));
            assertThat(merged.get("steadyOkLatencyMs").get(p).asLong()).as(p).isEqualTo(everyOne.getValueAtPercentile(percentile));
        }
        assertThat(merged.get("steadyOkLatencyMs").get("max").asLong()).isEqualTo(everyOne.getMaxValue());
        assertThat(merged.get("steadyOkLatencyMs").get("mean").asDouble()).isEqualTo(everyOne.getMean());
        assertThat(merged.get("steadyOkLatencyMs").get("count").asLong()).isEqualTo(25_000);
        // What averaging the two p99s would have said instead: the check above can fail.
        double averaged = (a.getValueAtPercentile(99) + b.getValueAtPercentile(99)) / 2.0;
        assertThat(averaged).isNotEqualTo((double) everyOne.getValueAtPercentile(99));
    }

    /** The simulation and merge-results write the same summary: field for field, from one histogram. */
    @Test
    void theMergedSummaryHasTheFieldsAndValuesTheSimulationWrites() {
        Histogram h = new Histogram(3_600_000, 3);
        for (long ms : new long[] {120, 180, 240, 900, 2_500}) h.recordValue(ms);

        Histogram none = new Histogram(3_600_000, 3);
        // merge-results needs two parts; an empty second one leaves the first one's histogram as it is
        JsonNode merged = ResultsMerge.merge(List.of(part("a", h, START, 100, 400, 1400, 0), part("b", none, START, 0, 400, 1400, 1)))
                .get("steadyOkLatencyMs");

        java.util.Map<String, Object> written = lab.vthreads.infra.histogram.HistogramSummary.of(h);
        assertThat(merged.propertyNames()).containsExactlyElementsOf(written.keySet());
        written.forEach((field, value) -> assertThat(merged.get(field).asDouble()).as(field).isEqualTo(((Number) value).doubleValue()));
    }

    @Test
    void countsAndSeriesAddUpAlignedOnTheEarliestStartAndTheWindowIsWhereBothWereAtFullLoad() {
        Histogram h = new Histogram(3_600_000, 3);
        h.recordValue(100);
        // b started 2 s after a (its second 0 is a's second 2) and read the count after a's first 20 rows; a read
        // its last count before b's last 10 rows: 100 + 200 rows in all.
        Path a = part("a", h, START, 10, 500, 790, 0), b = part("b", h, START + 2_000, 20, 520, 800, 1);

        ObjectNode merged = ResultsMerge.merge(List.of(a, b));
        ResultsMerge.write(merged, dir.resolve("merged.json"));
        ClientResult result = GatlingResults.read(dir.resolve("merged.json"), 0);

        assertThat(merged.get("okPerSecond").get(0).asLong()).isEqualTo(10);
        assertThat(merged.get("okPerSecond").get(2).asLong()).isEqualTo(30);
        // Counts by status add up; the slowest answer of a second is the slower of the two parts' (a: 100 ms, b: 150 ms).
        assertThat(merged.get("perSecondByStatus").get("201").get(2).asLong()).isEqualTo(30);
        assertThat(merged.get("slowestMsPerSecondByStatus").get("201").get(0).asLong()).isEqualTo(100);
        assertThat(merged.get("slowestMsPerSecondByStatus").get("201").get(2).asLong()).isEqualTo(150);
        assertThat(merged.get("steadyWindowSeconds").get(0).asInt()).isEqualTo(4);  // b's window [2, 8) is a's [4, 10)
        assertThat(merged.get("steadyWindowSeconds").get(1).asInt()).isEqualTo(8);  // a's window ends at 8
        assertThat(merged.get("parameters").get("users").asLong()).isEqualTo(20);
        assertThat(merged.get("startSpreadMs").asLong()).isEqualTo(2_000);
        assertThat(result.throughput()).isEqualTo(30.0);
        // The earliest count before any load (500) and the latest after all of it (800): 300 rows, 300 × 201.
        assertThat(result.databaseDelta()).isEqualTo(300).isEqualTo(merged.get("created201").asLong());
        assertThat(result.consistent()).isTrue();
        // a compiled 300 ms and b 600 ms in their 6 s windows: 150 ms a second together, 15% of the merged window.
        assertThat(merged.get("steadyCompileMs").asLong()).isEqualTo(600);
        assertThat(result.loadGeneratorCompileShare()).isCloseTo(0.15, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void aPartThatDidNotRecordItsCompilesLeavesTheMergedShareUnknown() {
        Histogram h = new Histogram(3_600_000, 3);
        h.recordValue(100);
        Path a = part("a", h, START, 10, 500, 790, 0), b = part("b", h, START, 20, 520, 800, 1);
        ObjectNode old = JSON.readValue(b.toFile(), ObjectNode.class);
        old.remove("steadyCompileMs");
        JSON.writeValue(b.toFile(), old);

        ObjectNode merged = ResultsMerge.merge(List.of(a, b));
        ResultsMerge.write(merged, dir.resolve("merged.json"));

        assertThat(merged.get("steadyCompileMs").isNull()).isTrue();
        assertThat(GatlingResults.read(dir.resolve("merged.json"), 0).loadGeneratorCompileShare()).isNull();
    }

    @Test
    void refusesPartsThatDidNotRunTogetherOrCannotBeMergedExactly() {
        Histogram h = new Histogram(3_600_000, 3);
        h.recordValue(100);
        Path early = part("early", h, START, 10, 0, 200, 0), late = part("late", h, START + 60_000, 10, 100, 200, 1);
        assertThatThrownBy(() -> ResultsMerge.merge(List.of(early, late))).hasMessageContaining("do not overlap");

        ObjectNode old = JSON.readValue(early.toFile(), ObjectNode.class);
        old.remove("histograms");
        Path oldFile = dir.resolve("old.json");
        JSON.writeValue(oldFile.toFile(), old);
        assertThatThrownBy(() -> ResultsMerge.merge(List.of(early, oldFile))).hasMessageContaining("has no histograms");
        assertThatThrownBy(() -> ResultsMerge.merge(List.of(early))).hasMessageContaining("at least two");
    }

    /**
     * A results file as the simulation's RunRecorder writes it: 10 s in all, hold window [2, 8), {@code perSecond}
     * successes every second, every one a 201, and the count endpoint as this part read it before and after its load.
     */
    private Path part(String name, Histogram steady, long startEpochMs, long perSecond, long countBefore, long countAfter, int shard) {
        ObjectNode json = JSON.createObjectNode();
        json.put("simulation", "CreatePessoaSimulation");
        json.put("startEpochMs", startEpochMs);
        json.put("endEpochMs", startEpochMs + 10_000);
        ObjectNode parameters = json.putObject("parameters");
        parameters.put("users", 10);
        parameters.put("rate", 100.0);
        parameters.putObject("shard").put("index", shard).put("count", 2);
        long ok = perSecond * 10;
        json.put("ok", ok);
        json.put("ko", 0);
        json.put("created201", ok);
        json.put("countBefore", countBefore);
        json.put("countAfter", countAfter);
        json.putObject("statuses").put("201", ok);
        json.putObject("koReasons");
        json.putArray("steadyWindowSeconds").add(2).add(8);
        json.put("steadyCompileMs", 300 * (shard + 1));
        ObjectNode histograms = json.putObject("histograms");
        Histogram empty = new Histogram(3_600_000, 3);
        histograms.put("ok", ResultsMerge.encode(steady));
        histograms.put("steadyOk", ResultsMerge.encode(steady));
        histograms.put("ko", ResultsMerge.encode(empty));
        histograms.put("steadyOperationOk", ResultsMerge.encode(steady));
        for (String summary : List.of("okLatencyMs", "steadyOkLatencyMs", "koLatencyMs", "steadyOperationOkLatencyMs")) {
            json.putObject(summary).put("count", 0);
        }
        json.put("deferred", 0);
        json.put("abandoned", 0);
        json.putArray("deferredPerSecond");
        var series = json.putArray("okPerSecond");
        var created = json.putObject("perSecondByStatus").putArray("201");
        var slowest = json.putObject("slowestMsPerSecondByStatus").putArray("201");
        for (int s = 0; s < 10; s++) {
            series.add(perSecond);
            created.add(perSecond);
            slowest.add(100 + 50L * shard);
        }
        json.putArray("koPerSecond");
        Path file = dir.resolve(name + ".json");
        JSON.writeValue(file.toFile(), json);
        return file;
    }
}
