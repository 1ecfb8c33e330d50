package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run kept from before schema 17 reads as one written now: its two calibration fields become the calibrations of the
 * implementations its cells ran, and each cell gets the implementation that served it. The files are written by today's
 * code and taken back to the shape schema 16 wrote, field for field.
 */
class EarlierResultsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aRunOfTheLabsServicesAndTheReactiveServiceReadsWithEachItsOwnCalibration(@TempDir Path dir) throws Exception {
        Calibration reactive = RunFixtures.withSaturatedHalves(Fixtures.experiment(), 4, 5).calibration();
        ExperimentResults now = RunFixtures.withReactiveCalibration(RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.PLATFORM, 200, false, RunFixtures.run(1, 49, 0, true, 0.3)),
                RunFixtures.cell(ThreadMode.REACTIVE, 200, false, RunFixtures.run(1, 300, 0, false, 0.95))), true), reactive);

        ExperimentResults read = ResultsFiles.read(asSchema16(dir, now));

        assertThat(read.schemaVersion()).isEqualTo("16");
        assertThat(read.calibrations()).isEqualTo(now.calibrations());
        assertThat(read.cells()).isEqualTo(now.cells());
        assertThat(read.calibrations()).containsOnlyKeys("pessoa-service", "pessoa-service-reactive");
        assertThat(read.calibrationOf(read.cells().get(1))).isEqualTo(reactive);
        assertThat(read.cells()).extracting(ExperimentResults.CellResult::implementation).containsExactly("pessoa-service", "pessoa-service-reactive");
    }

    @Test
    void anApplicationsRunReadsWithItsCalibrationUnderTheApplicationsName(@TempDir Path dir) throws Exception {
        Map<String, Double> appAlone = Map.of("app", 0.9, "postgres", 0.1);
        ExperimentResults now = RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.PLATFORM, 200, false, RunFixtures.run(1, 49, 0, true, 0.3, appAlone)),
                RunFixtures.cell(ThreadMode.VIRTUAL, 200, false, RunFixtures.run(1, 300, 0, false, 0.95, appAlone))), true);
        ExperimentResults app = new ExperimentResults(now.schemaVersion(), now.preset(), now.description(), now.why(), false, now.startedAt(),
                now.finishedAt(), now.environment(), now.settings(), Map.of("app", now.calibration()), null, null,
                now.cells().stream().map(c -> new ExperimentResults.CellResult(c.id(), c.variant(), c.mode(), "app", c.users(), c.factors(),
                        c.repeats(), c.failures())).toList(), now.units(), null, null);

        ExperimentResults read = ResultsFiles.read(asSchema16(dir, app));

        assertThat(read.calibrations()).isEqualTo(app.calibrations());
        // Each cell as written, with the name its figures were written under then, in both places.
        assertThat(read.cells()).isEqualTo(app.cells().stream().map(c -> new ExperimentResults.CellResult(c.id(), c.variant(), c.mode(), c.implementation(),
                c.users(), c.factors(), c.repeats(), c.failures(), c.coldStarts(), new lab.vthreads.lab.metrics.SampleNames("pessoa", "pessoa"))).toList());
        assertThat(read.calibrationOf(read.cells().getFirst())).isEqualTo(now.calibration());
    }

    @Test
    void aRunWithNoCalibrationReadsWithNone(@TempDir Path dir) throws Exception {
        ExperimentResults now = RunFixtures.experiment(List.of(RunFixtures.cell(ThreadMode.VIRTUAL, 200, false, RunFixtures.run(1, 300, 0, false, 0.95))), false);

        ExperimentResults read = ResultsFiles.read(asSchema16(dir, now));

        assertThat(read.calibrations()).isEmpty();
        assertThat(read.calibration()).isNull();
        assertThat(read.cells().getFirst().implementation()).isEqualTo("pessoa-service");
    }

    /** {@code results} written as schema 16 wrote it: {@code calibration} and {@code reactiveCalibration}, cells with no implementation. */
    private static Path asSchema16(Path dir, ExperimentResults results) throws Exception {
        ResultsFiles.write(dir, results);
        Path file = dir.resolve("results.json");
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        assertThat(json.has("calibrations")).as("written as schema 17").isTrue();
        JsonNode calibrations = json.remove("calibrations");
        json.put("schemaVersion", "16");
        JsonNode blocking = calibrations.has("pessoa-service") ? calibrations.get("pessoa-service") : calibrations.get("app");
        JsonNode reactive = calibrations.get("pessoa-service-reactive");
        if (blocking != null) json.set("calibration", blocking); else json.putNull("calibration");
        if (reactive != null) json.set("reactiveCalibration", reactive); else json.putNull("reactiveCalibration");
        for (JsonNode cell : json.path("cells")) ((ObjectNode) cell).remove("implementation");
        Files.writeString(file, JSON.writeValueAsString(asSchema17(json)));
        return file;
    }

    /** Cells with no sample names, and the runs' server figures under the lab's services' names, as before schema 18. */
    private static ObjectNode asSchema17(ObjectNode json) {
        for (JsonNode cell : json.path("cells")) {
            ((ObjectNode) cell).remove("sampleNames");
            for (JsonNode repeat : cell.path("repeats")) {
                if (!(repeat.path("server") instanceof ObjectNode server)) continue;
                for (String[] names : new String[][] {{"serverP95Ms", "pessoaP95Ms"}, {"entryP95Ms", "gatewayP95Ms"}, {"peakHeapMbServer", "peakHeapMbPessoa"},
                        {"peakPlatformThreadsServer", "peakPlatformThreadsPessoa"}}) {
                    JsonNode value = server.remove(names[0]);
                    if (value != null) server.set(names[1], value);
                }
            }
        }
        return json;
    }

    @Test
    void anApplicationsRunFromBeforeSchema18ReadsItsFiguresUnderTheNameTheyWereWrittenUnder(@TempDir Path dir) throws Exception {
        Map<String, Double> appAlone = Map.of("app", 0.9, "postgres", 0.1);
        ExperimentResults now = RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.VIRTUAL, 200, false, RunFixtures.run(1, 300, 0, false, 0.95, appAlone))), true);
        ResultsFiles.write(dir, now);
        Path file = dir.resolve("results.json");
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        json.put("schemaVersion", "17");
        ObjectNode server = (ObjectNode) asSchema17(json).path("cells").get(0).path("repeats").get(0).path("server");
        server.put("pessoaP95Ms", 123.0).put("peakHeapMbPessoa", 456.0);
        Files.writeString(file, JSON.writeValueAsString(json));

        ExperimentResults read = ResultsFiles.read(file);

        // Its figures were written as pessoa-service's, and again as the gateway's: read once, under pessoa's name.
        assertThat(read.cells().getFirst().sampleNames()).isEqualTo(new lab.vthreads.lab.metrics.SampleNames("pessoa", "pessoa"));
        assertThat(TestedSystem.of(read)).isInstanceOf(TestedSystem.Application.class);
        assertThat(Summary.jvmSampleNames(read)).containsExactly("pessoa");
        // Its server figures under the names schema 18 gives them.
        assertThat(read.cells().getFirst().repeats().getFirst().server().serverP95Ms()).isEqualTo(123.0);
        assertThat(read.cells().getFirst().repeats().getFirst().server().peakHeapMbServer()).isEqualTo(456.0);
    }

    @Test
    void aRunOfTheLabsServicesFromBeforeSchema18ReadsWithTheirNames(@TempDir Path dir) throws Exception {
        ExperimentResults now = RunFixtures.experiment(List.of(RunFixtures.cell(ThreadMode.VIRTUAL, 200, false, RunFixtures.run(1, 300, 0, false, 0.95))), true);

        ExperimentResults read = ResultsFiles.read(asSchema16(dir, now));

        assertThat(read.cells().getFirst().sampleNames()).isEqualTo(lab.vthreads.lab.metrics.SampleNames.LABS_OWN);
        assertThat(TestedSystem.of(read)).isInstanceOf(TestedSystem.LabsOwn.class);
    }
}
