package lab.vthreads.lab.calibration;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.TestPreset;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.stack.Factors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class CalibrationCacheTest {

    static final Preset PRESET = TestPreset.named("cache").description("two cells").users(20).seconds(1, 5, 1).build();
    static final Partition PARTITION = new Partition(Partition.Mode.AFFINITY, "test", "0", "1", Map.of());

    @TempDir
    Path results;

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final Progress progress = new Progress(new PrintStream(out, true));
    final AtomicInteger measured = new AtomicInteger();

    /** A change to any module a calibration's figures come from makes its fingerprint new, not only the runner's own. */
    @Test
    void theLabsCodeInAFingerprintIsEveryModuleFromTheRunDown() {
        assertThat(CalibrationCache.labCode()).hasSize(5).doesNotHaveDuplicates()
                .allSatisfy(code -> assertThat(code).exists())
                .extracting(code -> code.toString().replace('\\', '/'))
                .anySatisfy(code -> assertThat(code).contains("lab-runner/"))
                .anySatisfy(code -> assertThat(code).contains("lab-results/"))
                .anySatisfy(code -> assertThat(code).contains("lab-stack/"))
                .anySatisfy(code -> assertThat(code).contains("lab-model/"))
                .anySatisfy(code -> assertThat(code).contains("lab-machine/"));
    }

    @Test
    void aSecondRunWithTheSameFingerprintReusesTheFirstRunsCalibrationAndSaysWhere() throws Exception {
        CalibrationCache cache = new CalibrationCache(results);
        Cell cell = PRESET.cells().getFirst();
        String fingerprint = CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2);

        Calibration first = cache.reuseOrMeasure(fingerprint, false, results.resolve("run-1"), progress, this::measure);
        Calibration second = cache.reuseOrMeasure(fingerprint, false, results.resolve("run-2"), progress, this::measure);

        assertThat(measured).hasValue(1);
        assertThat(first.reused()).isNull();
        assertThat(second.reused().measuredIn()).isEqualTo("run-1");
        assertThat(second.reused().fingerprint()).isEqualTo(fingerprint);
        assertThat(second.saturatedCpuMsPerRequest()).isEqualTo(first.saturatedCpuMsPerRequest());
        assertThat(out.toString()).contains("reusing the one measured in run-1");
    }

    /** A calibration whose saturated cost moved more than a cell may miss the model by is this run's alone. */
    @Test
    void aCalibrationWhoseHalvesMovedTooFarIsNotKeptAndOneKeptSoIsMeasuredAgain() throws Exception {
        CalibrationCache cache = new CalibrationCache(results);
        String fingerprint = CalibrationCache.fingerprint(results, PRESET, PRESET.cells().getFirst(), 30, PARTITION, 2);

        Calibration swung = cache.reuseOrMeasure(fingerprint, false, results.resolve("run-1"), progress, () -> halves(5.86, 3.01));
        assertThat(swung.saturatedHalves().change()).isLessThan(-0.15);
        assertThat(out.toString()).contains("the calibration is not kept for the next run: its saturated cost moved -49% between the halves");
        Calibration next = cache.reuseOrMeasure(fingerprint, false, results.resolve("run-2"), progress, () -> halves(3.10, 3.00));
        assertThat(measured).hasValue(2);
        assertThat(next.reused()).isNull();
        // Within the model's 15% it is kept and reused, as before.
        assertThat(cache.reuseOrMeasure(fingerprint, false, results.resolve("run-3"), progress, this::measure).reused().measuredIn()).isEqualTo("run-2");
        assertThat(measured).hasValue(2);

        // One an earlier lab kept although it had swung is measured again, not reused.
        cache.store(fingerprint, halves(5.86, 3.01), results.resolve("run-4"));
        assertThat(cache.find(fingerprint)).isEmpty();
    }

    private Calibration halves(double firstMs, double secondMs) {
        Calibration c = measure();
        return new Calibration(c.cores(), c.rate(), c.windowSeconds(), c.throughput(), c.cpuMsPerRequest(), c.responseMs(), c.cepLookupsPerRequest(),
                c.connectionsPerRequest(), c.connectionHoldMs(), c.machineBusy(), c.backgroundCores(), c.saturatedThroughput(), c.saturatedBusy(),
                c.saturatedCpuMsPerRequest(), c.saturationCepMeanMs(), c.saturationUsers(), c.reused(), c.probe(), new Calibration.Halves(firstMs, secondMs), c.saturatedProbeMs());
    }

    @Test
    void recalibrateMeasuresAgainAndKeepsTheNewOne() throws Exception {
        CalibrationCache cache = new CalibrationCache(results);
        String fingerprint = CalibrationCache.fingerprint(results, PRESET, PRESET.cells().getFirst(), 30, PARTITION, 2);

        cache.reuseOrMeasure(fingerprint, false, results.resolve("run-1"), progress, this::measure);
        Calibration again = cache.reuseOrMeasure(fingerprint, true, results.resolve("run-2"), progress, this::measure);
        Calibration third = cache.reuseOrMeasure(fingerprint, false, results.resolve("run-3"), progress, this::measure);

        assertThat(measured).hasValue(2);
        assertThat(again.reused()).isNull();
        assertThat(third.reused().measuredIn()).isEqualTo("run-2");
    }

    @Test
    void anyChangeToTheCalibratedCellThePartitionTheMachineOrTheBuildIsAnotherFingerprint() throws Exception {
        Cell cell = PRESET.cells().getFirst();
        String base = CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2);

        assertThat(CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2)).isEqualTo(base);
        assertThat(CalibrationCache.fingerprint(results, PRESET, PRESET.cells().getLast(), 30, PARTITION, 2)).isNotEqualTo(base);
        assertThat(CalibrationCache.fingerprint(results, PRESET, new Cell(cell.variant(), cell.mode(), cell.users(),
                cell.factors().overriddenBy(Factors.builder().poolSize(50).build()), false), 30, PARTITION, 2)).isNotEqualTo(base);
        assertThat(CalibrationCache.fingerprint(results, PRESET, cell, 12, PARTITION, 2)).isNotEqualTo(base);
        assertThat(CalibrationCache.fingerprint(results, PRESET, cell, 30, new Partition(Partition.Mode.NONE, "off", "0-1", "0-1", Map.of()), 2))
                .isNotEqualTo(base);
        assertThat(CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 4)).isNotEqualTo(base);

        Path target = Files.createDirectories(results.resolve("pessoa-service/target"));
        Files.writeString(target.resolve("pessoa-service-0.1.0.jar"), "a new build");
        assertThat(CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2)).isNotEqualTo(base);
    }

    @Test
    void aUsersScenarioCountsByItsFileAndThePayloadsItNamesNotByWhatElseSharesItsFolder() throws Exception {
        Path folder = Files.createDirectories(results.resolve("user"));
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Spring-Boot-Version", "3.5.14");
        manifest.getMainAttributes().putValue("Start-Class", "org.example.Orders");
        Path jar = folder.resolve("orders.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new java.util.jar.JarEntry("BOOT-INF/lib/postgresql-42.7.11.jar"));
            out.closeEntry();
        }
        lab.vthreads.lab.app.Application app = new lab.vthreads.lab.app.Application(lab.vthreads.lab.app.SpringBootJar.inspect(jar), Map.of(), Map.of(),
                null, true, null, null);
        Path payload = Files.writeString(folder.resolve("orders.csv"), "customer\nada\n");
        Path scenario = Files.writeString(folder.resolve("scenario.yaml"), """
                payload:
                  - path: orders.csv
                scenarios:
                  - flow:
                      - get: /orders?customer={{ customer }}
                """);
        Cell cell = PRESET.cells().getFirst();
        String base = CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2, system(cell, app), scenario);

        // The user's own output beside it (a run's log, last run's report) is not what the application is measured with.
        Files.writeString(folder.resolve("run1.log"), "Experiment 'app': ...");
        Files.createDirectories(folder.resolve("reports")).resolve("index.html").toFile().createNewFile();
        assertThat(CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2, system(cell, app), scenario)).isEqualTo(base);
        // The rows it sends are.
        Files.writeString(payload, "customer\nada\nbob\n");
        String newRows = CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2, system(cell, app), scenario);
        assertThat(newRows).isNotEqualTo(base);
        // And so is the scenario itself.
        Files.writeString(scenario, Files.readString(scenario).replace("/orders?", "/orders/search?"));
        String newScenario = CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2, system(cell, app), scenario);
        assertThat(newScenario).isNotEqualTo(newRows);

        // Its settings by their values, not by the order they were given in (the record's text follows its maps' order,
        // which Map.copyOf makes different in every JVM: a kept calibration was then never found again).
        java.util.Map<String, String> oneOrder = new java.util.LinkedHashMap<>(), otherOrder = new java.util.LinkedHashMap<>();
        oneOrder.put("conductor.db.type", "postgres");
        oneOrder.put("conductor.queue.type", "postgres");
        otherOrder.put("conductor.queue.type", "postgres");
        otherOrder.put("conductor.db.type", "postgres");
        lab.vthreads.lab.app.SpringBootJar inspected = lab.vthreads.lab.app.SpringBootJar.inspect(jar);
        String given = CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2,
                system(cell, new lab.vthreads.lab.app.Application(inspected, oneOrder, Map.of(), null, true, null, null)), scenario);
        assertThat(CalibrationCache.fingerprint(results, PRESET, cell, 30, PARTITION, 2,
                system(cell, new lab.vthreads.lab.app.Application(inspected, otherOrder, Map.of(), null, true, null, null)), scenario)).isEqualTo(given);
        assertThat(given).isNotEqualTo(newScenario);
    }

    @Test
    void anUnreadableEntryIsMeasuredAgain() throws Exception {
        CalibrationCache cache = new CalibrationCache(results);
        String fingerprint = CalibrationCache.fingerprint(results, PRESET, PRESET.cells().getFirst(), 30, PARTITION, 2);
        Files.createDirectories(results.resolve(".calibrations"));
        Files.writeString(results.resolve(".calibrations").resolve(fingerprint + ".json"), "{ not json");

        Calibration calibration = cache.reuseOrMeasure(fingerprint, false, results.resolve("run-1"), progress, this::measure);

        assertThat(measured).hasValue(1);
        assertThat(calibration.reused()).isNull();
    }

    private static lab.vthreads.lab.stack.SystemUnderTest system(Cell cell, lab.vthreads.lab.app.Application app) {
        return lab.vthreads.lab.stack.SystemUnderTest.of(cell.mode(), app);
    }

    private Calibration measure() {
        measured.incrementAndGet();
        Calibration.Run low = new Calibration.Run(30, 10, Map.of("pessoa-service", 0.05), 12, 1, 1, 3, 0.1);
        Calibration.Run high = new Calibration.Run(30, 30, Map.of("pessoa-service", 0.11), 12, 1, 1, 3, 0.2);
        Calibration.Run saturated = new Calibration.Run(30, 200, Map.of("pessoa-service", 0.6), 40, 1, 1, 3, 0.9);
        return Calibration.of(2, 30, low, high, saturated, 200, 64);
    }
}
