package lab.vthreads.lab.calibration;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.measured.RunIdentity;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.fingerprint.Fingerprints;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.SystemUnderTest;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Calibrations kept for reuse, one per fingerprint: the build (the services' jars, the simulation, the lab itself),
 * the JDK, the machine (CPU model, cores, memory, kernel), the CPU partition and the calibrated cell (its mode,
 * users, factors and the calibration's length). Any change to one of them measures anew; {@code --recalibrate} does too.
 * Kept in {@code results/.calibrations/}, beside the runs that measured them.
 */
public final class CalibrationCache {

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private final Path directory;

    public CalibrationCache(Path resultsRoot) {
        this.directory = resultsRoot.resolve(".calibrations");
    }

    /**
     * The kept calibration for {@code fingerprint} unless {@code recalibrate}; otherwise {@code measure}'s, kept for the
     * next run. A calibration that can't be kept (a read-only disk) is still this run's.
     */
    Calibration reuseOrMeasure(String fingerprint, boolean recalibrate, Path resultsDirectory, Progress progress, Measurement measure)
            throws Exception {
        if (!recalibrate) {
            Optional<Calibration> kept = reuse(fingerprint, progress);
            if (kept.isPresent()) return kept.get();
        }
        return keep(fingerprint, measure.calibrate(), resultsDirectory, progress);
    }

    /** The kept calibration for {@code fingerprint}, said so to the person running the lab; empty where none is kept. */
    public Optional<Calibration> reuse(String fingerprint, Progress progress) {
        Optional<Calibration> kept = find(fingerprint);
        kept.ifPresent(progress::calibrationReused);
        return kept;
    }

    /**
     * Keeps what this run measured for the next run, and returns it: one that can't be kept (a read-only disk) is still
     * this run's. One whose saturated cost moved too far between its halves is this run's only: the report shows its
     * halves beside the model, and the next run measures again rather than carry it into every later model.
     */
    public Calibration keep(String fingerprint, Calibration measured, Path resultsDirectory, Progress progress) {
        if (!measured.fitToKeep()) {
            progress.note(String.format(java.util.Locale.ROOT, "  the calibration is not kept for the next run: its saturated cost moved %+.0f%% "
                    + "between the halves of its window, more than the %.0f%% a cell may miss the model by; the next run measures it again",
                    measured.saturatedHalves().change() * 100, lab.vthreads.lab.model.CapacityModel.SURPRISING * 100));
            return measured;
        }
        try {
            store(fingerprint, measured, resultsDirectory);
        } catch (IOException | RuntimeException e) {
            progress.note("  the calibration could not be kept for the next run: " + e.getMessage());
        }
        return measured;
    }

    @FunctionalInterface
    interface Measurement {
        Calibration calibrate() throws Exception;
    }

    Optional<Calibration> find(String fingerprint) {
        Path file = file(fingerprint);
        if (!Files.isRegularFile(file)) return Optional.empty();
        try {
            // One kept before a calibration had to hold still to be kept is measured again, as it would not be kept now.
            return Optional.of(JSON.readValue(file.toFile(), Calibration.class)).filter(Calibration::fitToKeep);
        } catch (RuntimeException e) {
            // An unreadable entry (an older lab's format) is measured again and overwritten.
            return Optional.empty();
        }
    }

    /** Stores what this run measured, marked with where and when, so that a later run can say where its figures come from. */
    void store(String fingerprint, Calibration measured, Path resultsDirectory) throws IOException {
        Files.createDirectories(directory);
        Calibration marked = measured.reusedFrom(new Calibration.Reuse(resultsDirectory.getFileName().toString(), Instant.now().toString(), fingerprint));
        Path temporary = Files.createTempFile(directory, fingerprint, ".tmp");
        JSON.writeValue(temporary.toFile(), marked);
        Files.move(temporary, file(fingerprint), java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private Path file(String fingerprint) {
        return directory.resolve(fingerprint + ".json");
    }

    /** The hash of everything a calibration of the lab's own services depends on, with their simulation. */
    public static String fingerprint(Path home, Preset preset, Cell calibrated, int calibrationSeconds, Partition partition, int cores) {
        return fingerprint(home, preset, calibrated, calibrationSeconds, partition, cores, SystemUnderTest.of(calibrated.mode(), null), null);
    }

    /**
     * The hash of everything a calibration's figures depend on: the system's own identity (a user's jar and what the lab
     * hands it), the scenario and the payload files it names, the lab's build, the JDK, the machine and the calibrated cell.
     *
     * @param scenario the scenario the load runs; null: the preset's simulation, which the lab's build holds
     */
    public static String fingerprint(Path home, Preset preset, Cell calibrated, int calibrationSeconds, Partition partition, int cores,
                                     SystemUnderTest system, Path scenario) {
        StringBuilder text = new StringBuilder();
        String identity = system.identity();
        if (identity == null) throw new IllegalArgumentException(system.name() + " was not started by the lab, which keeps nothing measured on it");
        if (!identity.isEmpty()) text.append(identity).append('\n');
        if (scenario != null) text.append(scenarioFiles(scenario)).append('\n');
        List<String> modules = new java.util.ArrayList<>(SystemUnderTest.labsOwnImplementations());
        modules.add(StackSettings.Component.GATEWAY.label());
        for (String module : modules) text.append(jars(home.resolve(module).resolve("target"))).append('\n');
        text.append(Fingerprints.tree(home.resolve("gatling/target/test-classes"))).append('\n');
        text.append(Fingerprints.tree(home.resolve("gatling/target/gatling-classpath.txt"))).append('\n');
        text.append(Fingerprints.tree(home.resolve("wiremock"))).append('\n');
        for (Path code : labCode()) text.append(Fingerprints.tree(code)).append('\n');
        text.append(Runtime.version()).append(' ').append(System.getProperty("java.home")).append('\n');
        text.append(RunIdentity.machine(partition, cores)).append('\n');
        text.append(partition).append('\n');
        text.append(preset.simulation()).append(' ').append(preset.workload()).append(' ').append(calibrated.mode()).append(' ')
                .append(calibrated.users()).append(' ').append(calibrated.factors()).append(' ').append(calibrationSeconds).append(' ').append(preset.prewarmSeconds()).append('\n');
        return Fingerprints.hash(text.toString(), 20);
    }

    /**
     * The scenario file and the payloads it names, each by its tree: not the folder they are in, where a user keeps
     * other things (the jar, each run's own output) that would make every run's fingerprint new. A file that does not
     * read as a scenario counts as itself alone.
     */
    public static String scenarioFiles(Path scenario) {
        List<String> files = new java.util.ArrayList<>(List.of(Fingerprints.tree(scenario)));
        try {
            lab.vthreads.scenario.ScenarioReader.read(scenario).payloads().forEach(payload -> files.add(Fingerprints.tree(payload.path())));
        } catch (RuntimeException unreadable) {
            // The run itself refuses such a file before it calibrates anything.
        }
        return String.join(";", files);
    }

    /** The services' jars by name, size and modification time. */
    private static String jars(Path target) {
        try (Stream<Path> files = Files.list(target)) {
            return String.join(";", files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().map(Fingerprints::tree).toList());
        } catch (IOException e) {
            return "none";
        }
    }

    /**
     * The lab's code a calibration's figures depend on: each module's jar (or classes folder), from this runner down to
     * the machine's layer. The command line above them only chooses what to run, which the rest of the fingerprint holds.
     */
    static List<Path> labCode() {
        return java.util.stream.Stream.of(CalibrationCache.class, lab.vthreads.lab.measured.ExperimentResults.class,
                lab.vthreads.lab.stack.SystemUnderTest.class, lab.vthreads.lab.model.Calibration.class,
                lab.vthreads.lab.process.ManagedProcess.class).map(CalibrationCache::codeOf).toList();
    }

    private static Path codeOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("unknown");
        }
    }
}
