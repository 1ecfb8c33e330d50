package lab.vthreads.lab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import lab.vthreads.lab.measured.ExperimentResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ResultsFilesTest {

    static final Path SCHEMA = Path.of("..", "docs", "results.schema.json").toAbsolutePath().normalize();

    static JsonSchema schema() {
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7)
                .getSchema(SchemaLocation.of(SCHEMA.toUri().toString()), SchemaValidatorsConfig.builder().build());
    }

    @Test
    void writesResultsThatReadBackEqual(@TempDir Path dir) {
        ExperimentResults results = Fixtures.experiment();

        ResultsFiles.write(dir, results);

        assertThat(ResultsFiles.read(dir.resolve("results.json"))).isEqualTo(results);
    }

    @Test
    void writesResultsThatMatchTheDocumentedSchema(@TempDir Path dir) throws IOException {
        ResultsFiles.write(dir, Fixtures.experiment());

        assertThat(schema().validate(new ObjectMapper().readTree(dir.resolve("results.json").toFile()))).isEmpty();
    }

    @Test
    void theSchemaCatchesAMissingMeasurement(@TempDir Path dir) throws IOException {
        ResultsFiles.write(dir, Fixtures.experiment());
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        json.remove("cells");

        assertThat(schema().validate(json)).isNotEmpty();
    }

    @Test
    void summaryHasThePapersTableTheRatiosBesideThePublishedOnesAndTheModel(@TempDir Path dir) throws IOException {
        ResultsFiles.write(dir, Fixtures.experiment());

        String md = Files.readString(dir.resolve("summary.md"));
        assertThat(md).contains("| cell | requests | throughput (req/s) | mean (ms) | p95 (ms) | p99 (ms) | errors |",
                "| platform-200u | 2,751 (2,500–3,002) | 110.0 (100.0–120.0) |", "| 200 users | 2.27× | 0.56× | **yes** (between runs ±34%) | 3.00× | 0.50× |", "Because.",
                "Published: A study.",
                // bound, knee, the queueing prediction, measured, and the mean response times: 200 users ÷ 49 req/s = 4,083 ms
                "| platform-200u | Tomcat threads | 49 | 25 | 49 | CPU | 110.0 | +125% ⚠ the system's processes spent 12.73 ms of CPU per request, "
                        + "the calibration 5.00 (2.55×) | 4,083 | 300 (-93%) |",
                // 200 users, just under the knee of 204: 375 req/s, 4% under the users' bound of 392
                "| virtual-200u | users (closed workload) | 392 | 204 | 375 | CPU | 250.0 | -33% ⚠ the system's processes spent 8.08 ms of CPU per "
                        + "request, the calibration 5.00 (1.62×) | 534 | 160 (-70%) |",
                "Calibration: CPU per request at low load", "| **total** | 5.00 |");
    }

    @Test
    void reportRendersEveryChartTableAndGatlingLinkOffline(@TempDir Path dir) throws IOException {
        ResultsFiles.write(dir, Fixtures.experiment());

        String html = Files.readString(dir.resolve("index.html"));
        assertThat(html).contains("<canvas id=throughput>", "<canvas id=latency>", "<canvas id=cpu0>", "<canvas id=heap1>", "<canvas id=threads1>",
                "<th>throughput (req/s)</th>", "virtual ÷ platform", "Footprint per mode", "<canvas id=percell>", "Capacity model",
                "href=\"cells/x/r1/gatling/createpessoasimulation-1/index.html\"", "href=\"cells/x/r3/gatling/createpessoasimulation-3/index.html\"");
        // Chart.js is inlined, nothing is fetched: the page opens offline.
        assertThat(html).contains("Chart.js v4").doesNotContain("<script src=", "https://cdn");
    }

    @Test
    void theSameResultsWriteTheSameFilesTheirMapsInAFixedOrder(@TempDir Path dir) throws IOException {
        ResultsFiles.write(dir, Fixtures.experiment());

        // Map.of iterates in an order that changes from one JVM to the next: these keys must come out as written.
        assertThat(Files.readString(dir.resolve("index.html")))
                .containsPattern("\\{\"cell\":\"[^\"]+\",\"predicted\":[0-9.]+,\"bottleneck\":\"[^\"]+\"}")
                .contains("\"keys\":{\"time\":\"t\",\"cpuPrefix\":\"cpu.\"}");
        assertThat(new ObjectMapper().readTree(dir.resolve("results.json").toFile()).get("units").fieldNames())
                .toIterable().containsExactly("t", "latency", "throughput", "cpu", "heapMb, rssMb", "machineBusy, steal", "threads, connections");
    }
}
