package lab.vthreads.lab.report;

import lab.vthreads.lab.experiment.ExperimentResults;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes and reads an experiment's folder: results.json, summary.md and index.html. */
public final class ResultsFiles {

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ResultsFiles() {
    }

    public static Summary write(Path directory, ExperimentResults results) {
        try {
            Files.createDirectories(directory);
            JSON.writeValue(directory.resolve("results.json").toFile(), results);
            Summary summary = Summary.of(results);
            Files.writeString(directory.resolve("summary.md"), SummaryMarkdown.render(results, summary));
            Files.writeString(directory.resolve("index.html"), HtmlReport.render(results, summary));
            return summary;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ExperimentResults read(Path resultsJson) {
        return JSON.readValue(resultsJson.toFile(), ExperimentResults.class);
    }
}
