package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes and reads an experiment's folder: results.json, summary.md and index.html. results.json holds what was
 * measured and, for programs that read it, what the report concludes from it: the {@code verdict} and each cell's
 * {@code model} row (prediction and bottleneck), computed from the same figures on every write.
 */
public final class ResultsFiles {

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ResultsFiles() {
    }

    public static Summary write(Path directory, ExperimentResults results) {
        try {
            Files.createDirectories(directory);
            Summary summary = Summary.of(results, KeptRuns.before(directory, results));
            ObjectNode file = JSON.valueToTree(results);
            file.set("verdict", withoutNaN(JSON.valueToTree(summary.verdict())));
            file.set("model", withoutNaN(JSON.valueToTree(summary.model().stream().map(ResultsFiles::modelEntry).toList())));
            JSON.writeValue(directory.resolve("results.json").toFile(), file);
            Files.writeString(directory.resolve("summary.md"), SummaryMarkdown.render(results, summary));
            Files.writeString(directory.resolve("index.html"), HtmlReport.render(results, summary));
            return summary;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The conclusions' figures that could not be computed (a level whose mode did not run has no ratio) as null: JSON has
     * no NaN, and Jackson would write the string "NaN" where a reader expects a number. They are never read back.
     */
    private static JsonNode withoutNaN(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (String name : java.util.List.copyOf(object.propertyNames())) object.set(name, withoutNaN(object.get(name)));
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) array.set(i, withoutNaN(array.get(i)));
        } else if (node.isDouble() && (Double.isNaN(node.asDouble()) || Double.isInfinite(node.asDouble()))) {
            return JSON.getNodeFactory().nullNode();
        }
        return node;
    }

    private static Map<String, Object> modelEntry(Summary.ModelRow m) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("cell", m.cell());
        entry.put("predictedThroughput", m.predicted());
        entry.put("predictedBottleneck", m.prediction().bottleneck().label());
        entry.put("boundThroughput", m.prediction().throughput());
        entry.put("kneeUsers", m.queueing().knee());
        entry.put("measuredThroughput", m.measured());
        entry.put("predictedMeanMs", m.predictedMeanMs());
        entry.put("steadyMeanMs", m.queueing().responseSeconds() * 1000);
        entry.put("measuredMeanMs", m.measuredMeanMs());
        entry.put("observedBottleneck", m.observed().label());
        entry.put("evidence", m.evidence());
        entry.put("deviation", m.deviation());
        if (m.miss() != null) entry.put("miss", m.miss());
        if (m.latencyNote() != null) entry.put("latencyNote", m.latencyNote());
        return entry;
    }

    public static ExperimentResults read(Path resultsJson) {
        return JSON.treeToValue(lab.vthreads.lab.measured.EarlierResults.upgraded(JSON.readTree(resultsJson.toFile())), ExperimentResults.class);
    }
}
