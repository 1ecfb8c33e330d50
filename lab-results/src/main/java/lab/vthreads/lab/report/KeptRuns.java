package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.plan.Preset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The earlier runs a verdict may count as repeats of its own: kept beside it (the other folders of {@code results/}),
 * started before it, of the same preset with the same load and durations, on the same machine and code ({@link
 * lab.vthreads.lab.measured.RunIdentity}). Later runs are left out, so that a report written again says what it said.
 */
public final class KeptRuns {

    /** @param folder the run's folder name, as the report names it */
    public record Kept(String folder, ExperimentResults results) {
    }

    private KeptRuns() {
    }

    /** Those of {@code directory}'s siblings that repeat {@code results}, oldest first; a folder that cannot be read is passed over. */
    public static List<Kept> before(Path directory, ExperimentResults results) {
        Path root = directory.toAbsolutePath().getParent();
        if (root == null || results.identity() == null || results.identity().code() == null) return List.of();
        List<Kept> kept = new ArrayList<>();
        try (Stream<Path> folders = Files.list(root)) {
            for (Path folder : folders.filter(Files::isDirectory).sorted().toList()) {
                Path file = folder.resolve("results.json");
                if (folder.equals(directory.toAbsolutePath()) || !Files.isRegularFile(file)) continue;
                ExperimentResults earlier;
                try {
                    earlier = ResultsFiles.read(file);
                } catch (RuntimeException unreadable) {
                    continue; // an older schema, or a run cut off while writing: not a repeat the verdict can use
                }
                if (repeats(earlier, results)) kept.add(new Kept(folder.getFileName().toString(), earlier));
            }
        } catch (IOException e) {
            return List.of();
        }
        kept.sort(Comparator.comparing(k -> Instant.parse(k.results().startedAt())));
        return kept;
    }

    /**
     * The same machine, code, preset, load and durations; the cells themselves are matched level by level (Verdict), so
     * that a run of one level or variant counts with the whole preset's runs.
     */
    static boolean repeats(ExperimentResults earlier, ExperimentResults results) {
        return results.identity().sameAs(earlier.identity())
                && Objects.equals(earlier.preset(), results.preset())
                && earlier.shortVariant() == results.shortVariant()
                && earlier.settings() != null && results.settings() != null && sameLoad(earlier.settings(), results.settings())
                && earlier.startedAt() != null && Instant.parse(earlier.startedAt()).isBefore(Instant.parse(results.startedAt()));
    }

    private static boolean sameLoad(Preset a, Preset b) {
        return Objects.equals(a.simulation(), b.simulation()) && Objects.equals(a.workload(), b.workload())
                && a.rampUpSeconds() == b.rampUpSeconds() && a.holdSeconds() == b.holdSeconds() && a.rampDownSeconds() == b.rampDownSeconds()
                && a.warmupSeconds() == b.warmupSeconds() && Objects.equals(a.prewarmSeconds(), b.prewarmSeconds());
    }
}
