package lab.vthreads.lab.calibration;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.measured.RunIdentity;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Calibration;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
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

    /** Keeps what this run measured for the next run, and returns it: one that can't be kept (a read-only disk) is still this run's. */
    public Calibration keep(String fingerprint, Calibration measured, Path resultsDirectory, Progress progress) {
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
            return Optional.of(JSON.readValue(file.toFile(), Calibration.class));
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

    /** The hash of everything a calibration's figures depend on. */
    public static String fingerprint(Path home, Preset preset, Cell calibrated, int calibrationSeconds, Partition partition, int cores) {
        return fingerprint(home, preset, calibrated, calibrationSeconds, partition, cores, null, null);
    }

    /**
     * @param application a user's application, or null: its jar, its settings, its scenario and the payload files the
     *                    scenario names are what it is measured with, as the lab's own jars are for its services
     */
    public static String fingerprint(Path home, Preset preset, Cell calibrated, int calibrationSeconds, Partition partition, int cores,
                              lab.vthreads.lab.app.Application application, Path scenario) {
        StringBuilder text = new StringBuilder();
        if (application != null) {
            text.append(tree(application.jar().path())).append(' ').append(application.describedForFingerprint()).append('\n');
            if (scenario != null) text.append(scenarioFiles(scenario)).append('\n');
            if (application.stubs() != null) text.append(tree(application.stubs())).append('\n');
        }
        for (Path built : List.of(home.resolve("pessoa-service/target"), home.resolve("pessoa-service-reactive/target"), home.resolve("gateway-service/target"))) {
            text.append(jars(built)).append('\n');
        }
        text.append(tree(home.resolve("gatling/target/test-classes"))).append('\n');
        text.append(tree(home.resolve("gatling/target/gatling-classpath.txt"))).append('\n');
        text.append(tree(home.resolve("wiremock"))).append('\n');
        for (Path code : labCode()) text.append(tree(code)).append('\n');
        text.append(Runtime.version()).append(' ').append(System.getProperty("java.home")).append('\n');
        text.append(RunIdentity.machine(partition, cores)).append('\n');
        text.append(partition).append('\n');
        text.append(preset.simulation()).append(' ').append(preset.workload()).append(' ').append(calibrated.mode()).append(' ')
                .append(calibrated.users()).append(' ').append(calibrated.factors()).append(' ').append(calibrationSeconds).append(' ').append(preset.prewarmSeconds()).append('\n');
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash).substring(0, 20);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The scenario file and the payloads it names, each by its tree: not the folder they are in, where a user keeps
     * other things (the jar, each run's own output) that would make every run's fingerprint new. A file that does not
     * read as a scenario counts as itself alone.
     */
    public static String scenarioFiles(Path scenario) {
        List<String> files = new java.util.ArrayList<>(List.of(tree(scenario)));
        try {
            lab.vthreads.scenario.ScenarioReader.read(scenario).payloads().forEach(payload -> files.add(tree(payload.path())));
        } catch (RuntimeException unreadable) {
            // The run itself refuses such a file before it calibrates anything.
        }
        return String.join(";", files);
    }

    /** The services' jars by name, size and modification time. */
    private static String jars(Path target) {
        try (Stream<Path> files = Files.list(target)) {
            return String.join(";", files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().map(CalibrationCache::tree).toList());
        } catch (IOException e) {
            return "none";
        }
    }

    /** A file or a directory tree: its files' count, total size and latest modification. */
    public static String tree(Path root) {
        if (!Files.exists(root)) return root.getFileName() + ":none";
        try (Stream<Path> files = Files.walk(root)) {
            long count = 0, size = 0, latest = 0;
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                count++;
                size += Files.size(f);
                latest = Math.max(latest, Files.getLastModifiedTime(f).toMillis());
            }
            return root.getFileName() + ":" + count + ":" + size + ":" + latest;
        } catch (IOException e) {
            return root.getFileName() + ":unreadable";
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
