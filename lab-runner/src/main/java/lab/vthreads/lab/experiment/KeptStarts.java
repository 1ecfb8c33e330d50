package lab.vthreads.lab.experiment;

import tools.jackson.core.type.TypeReference;
import lab.vthreads.lab.measured.StartupCheck;
import lab.vthreads.lab.plan.Cell;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The start-up check's starts kept for the next run, one file per kind of JVM and fingerprint (the calibration's: the
 * jar and its settings, the scenario and its payloads, the lab's code, the JDK, the machine and its CPU partition, the kind's
 * mode, users and factors). Each start is a fresh JVM's, so a later run's starts and an earlier run's count alike: a
 * run starts only as many as it lacks of the N asked for, and a larger N tops the kept ones up. An application that
 * starts in 30 s spends five minutes on ten starts; the second run on the same build spends none. Kept in
 * {@code results/.startup-checks/}, beside the runs that made them.
 */
final class KeptStarts {

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private final Path directory;
    private final Function<Cell, String> fingerprint;

    /** @param fingerprint what a kind's starts depend on, as a file name */
    KeptStarts(Path resultsRoot, Function<Cell, String> fingerprint) {
        this.directory = resultsRoot.resolve(".startup-checks");
        this.fingerprint = fingerprint;
    }

    /** The starts kept for this kind, each marked with the run that made it; empty where none are (or they cannot be read). */
    List<StartupCheck.Start> of(Cell kind) {
        Path file = file(kind);
        if (!Files.isRegularFile(file)) return List.of();
        try {
            return List.copyOf(JSON.readValue(file.toFile(), new TypeReference<List<StartupCheck.Start>>() { }));
        } catch (RuntimeException e) {
            // An older lab's format: its starts are made again and the file overwritten.
            return List.of();
        }
    }

    /**
     * Keeps every start of this kind, the earlier runs' and {@code run}'s own, for the next run. A file that can't be
     * written (a read-only disk) costs the next run its starts, not this run its result: the reason is returned.
     */
    String keep(Cell kind, List<StartupCheck.Start> starts, String run) {
        Path file = file(kind);
        List<StartupCheck.Start> marked = new ArrayList<>();
        starts.forEach(start -> marked.add(start.keptBy(run)));
        try {
            Files.createDirectories(directory);
            Path temporary = Files.createTempFile(directory, file.getFileName().toString(), ".tmp");
            JSON.writeValue(temporary.toFile(), marked);
            Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return null;
        } catch (IOException | RuntimeException e) {
            return e.getMessage();
        }
    }

    private Path file(Cell kind) {
        return directory.resolve(fingerprint.apply(kind) + ".json");
    }
}
