package lab.vthreads.lab.load;

import org.HdrHistogram.Histogram;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongBinaryOperator;
import java.util.zip.DataFormatException;

/**
 * Merges the results files of a load split over several load generators (the gatling module's {@code Shard}: a
 * Kubernetes indexed Job's pods, or several local JVMs) into one file of the same shape, which {@link GatlingResults}
 * reads like any other. Latency comes from the parts' HdrHistograms added together (HdrHistogram's own {@code add}),
 * never from their percentiles averaged; counts and per-second series are summed, aligned on the earliest start.
 *
 * <p>The merged hold window is where every part was at full load: from the latest part's start of its window to the
 * earliest part's end. The nothing-lost check uses the earliest count read before any load and the latest read
 * after all of it, so it holds when nothing but these parts wrote to the database.
 */
public final class ResultsMerge {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> HISTOGRAMS = List.of("ok", "steadyOk", "ko", "steadyOperationOk");
    private static final Map<String, String> SUMMARY_OF = Map.of("ok", "okLatencyMs", "steadyOk", "steadyOkLatencyMs", "ko", "koLatencyMs",
            "steadyOperationOk", "steadyOperationOkLatencyMs");

    private ResultsMerge() {
    }

    public static ObjectNode merge(List<Path> files) {
        if (files.size() < 2) throw new IllegalArgumentException("merging needs at least two results files, got " + files.size());
        List<JsonNode> parts = new ArrayList<>();
        for (Path file : files) {
            JsonNode part = JSON.readTree(file.toFile());
            if (!part.has("histograms")) {
                throw new IllegalArgumentException(file + " has no histograms: it was written by a simulation older than the merge");
            }
            parts.add(part);
        }
        long start = parts.stream().mapToLong(p -> p.get("startEpochMs").asLong()).min().orElseThrow();
        int[] shift = parts.stream().mapToInt(p -> (int) Math.round((p.get("startEpochMs").asLong() - start) / 1000.0)).toArray();
        int from = 0, to = Integer.MAX_VALUE;
        for (int i = 0; i < parts.size(); i++) {
            from = Math.max(from, parts.get(i).get("steadyWindowSeconds").get(0).asInt() + shift[i]);
            to = Math.min(to, parts.get(i).get("steadyWindowSeconds").get(1).asInt() + shift[i]);
        }
        if (to <= from) {
            throw new IllegalArgumentException("the parts' hold windows do not overlap (starts up to "
                    + java.util.Arrays.stream(shift).max().orElse(0) + " s apart): they did not run together");
        }

        ObjectNode merged = JSON.createObjectNode();
        JsonNode first = parts.getFirst();
        merged.put("simulation", first.get("simulation").asString());
        merged.put("startEpochMs", start);
        merged.put("endEpochMs", parts.stream().mapToLong(p -> p.get("endEpochMs").asLong()).max().orElseThrow());
        ObjectNode parameters = (ObjectNode) first.get("parameters").deepCopy();
        parameters.put("users", parts.stream().mapToLong(p -> p.get("parameters").get("users").asLong()).sum());
        parameters.put("rate", parts.stream().mapToDouble(p -> p.get("parameters").get("rate").asDouble()).sum());
        parameters.remove("shard");
        merged.set("parameters", parameters);
        for (String count : List.of("ok", "ko", "created201", "createdAddresses", "deferred", "abandoned")) {
            merged.put(count, parts.stream().mapToLong(p -> p.path(count).asLong(0)).sum());
        }
        // Each load generator is a JVM of its own: their compile times add up on the load side's CPUs, each at its own
        // window's rate over the merged window (which is where all of them held their load, so no longer than theirs).
        if (parts.stream().allMatch(p -> p.path("steadyCompileMs").isNumber())) {
            double msPerSecond = parts.stream().mapToDouble(p -> p.get("steadyCompileMs").asDouble()
                    / Math.max(1, p.get("steadyWindowSeconds").get(1).asInt() - p.get("steadyWindowSeconds").get(0).asInt())).sum();
            merged.put("steadyCompileMs", Math.round(msPerSecond * (to - from)));
        } else {
            merged.putNull("steadyCompileMs");
        }
        boolean everyCountRead = parts.stream().allMatch(p -> p.path("countBefore").isNumber() && p.path("countAfter").isNumber());
        if (everyCountRead) {
            merged.put("countBefore", parts.stream().mapToLong(p -> p.get("countBefore").asLong()).min().orElseThrow());
            merged.put("countAfter", parts.stream().mapToLong(p -> p.get("countAfter").asLong()).max().orElseThrow());
        } else {
            merged.putNull("countBefore");
            merged.putNull("countAfter");
        }
        merged.set("statuses", summed(parts, "statuses"));
        merged.set("koReasons", summed(parts, "koReasons"));
        merged.set("notProblemDetails", summed(parts, "notProblemDetails"));
        merged.set("steadyWindowSeconds", JSON.createArrayNode().add(from).add(to));
        ObjectNode histograms = JSON.createObjectNode();
        for (String name : HISTOGRAMS) {
            Histogram sum = null;
            for (JsonNode part : parts) {
                Histogram h = decode(part.get("histograms").get(name).asString());
                if (sum == null) sum = h;
                else sum.add(h);
            }
            merged.set(SUMMARY_OF.get(name), summary(sum));
            histograms.put(name, encode(sum));
        }
        merged.set("histograms", histograms);
        merged.put("shards", parts.size());
        merged.put("startSpreadMs", parts.stream().mapToLong(p -> p.get("startEpochMs").asLong() - start).max().orElseThrow());
        for (String series : List.of("deferredPerSecond", "okPerSecond", "koPerSecond")) {
            merged.set(series, shiftedSum(parts, shift, series));
        }
        merged.set("perSecondByStatus", byStatus(parts, shift, "perSecondByStatus", Long::sum));
        merged.set("slowestMsPerSecondByStatus", byStatus(parts, shift, "slowestMsPerSecondByStatus", Math::max));
        return merged;
    }

    public static void write(ObjectNode merged, Path file) {
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), merged);
    }

    static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("not an HdrHistogram: " + e.getMessage(), e);
        }
    }

    static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** The same fields the simulation writes for each histogram, from the same code. */
    private static ObjectNode summary(Histogram h) {
        ObjectNode s = JSON.createObjectNode();
        lab.vthreads.infra.histogram.HistogramSummary.of(h).forEach((field, value) -> {
            if (value instanceof Long l) s.put(field, l);
            else s.put(field, (Double) value);
        });
        return s;
    }

    private static ObjectNode summed(List<JsonNode> parts, String field) {
        Map<String, Long> sums = new TreeMap<>();
        parts.forEach(p -> p.path(field).properties().forEach(e -> sums.merge(e.getKey(), e.getValue().asLong(), Long::sum)));
        ObjectNode node = JSON.createObjectNode();
        sums.forEach(node::put);
        return node;
    }

    /** A per-second series for each status, combined over the parts second by second. */
    private static ObjectNode byStatus(List<JsonNode> parts, int[] shift, String field, LongBinaryOperator combine) {
        ObjectNode byStatus = JSON.createObjectNode();
        new TreeSet<>(parts.stream().flatMap(p -> p.path(field).propertyNames().stream()).toList())
                .forEach(status -> byStatus.set(status, shifted(parts.stream().map(p -> p.path(field)).toList(), shift, status, combine)));
        return byStatus;
    }

    private static ArrayNode shiftedSum(List<JsonNode> parts, int[] shift, String series) {
        return shifted(parts, shift, series, Long::sum);
    }

    private static ArrayNode shifted(List<JsonNode> parts, int[] shift, String series, LongBinaryOperator combine) {
        List<Long> sums = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            JsonNode values = parts.get(i).path(series);
            for (int s = 0; s < values.size(); s++) {
                int at = s + shift[i];
                while (sums.size() <= at) sums.add(0L);
                sums.set(at, combine.applyAsLong(sums.get(at), values.get(s).asLong()));
            }
        }
        ArrayNode node = JSON.createArrayNode();
        sums.forEach(node::add);
        return node;
    }
}
