package lab.vthreads.lab.aot;

import lab.vthreads.lab.fingerprint.Fingerprints;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A JDK AOT cache (JEP 483/514) for the load generator's JVMs. Every prewarm, rehearsal, cell and calibration run
 * starts a Gatling JVM of its own, and each spent seconds loading and linking the same classes before its first
 * request; from the cache they start in fewer.
 *
 * <p>The cache needs a classpath of jars (the JDK refuses a non-empty directory on it), so the gatling module's
 * compiled simulations are put in a jar of their own beside the cache, both under a fingerprint of those classes,
 * the classpath, the JVM's flags and the JDK. An unmeasured run that finds no cache makes one as its JVM exits
 * ({@code -XX:AOTCacheOutput}, the one-step training of JDK 25): a measured window never runs a training JVM, and
 * one that finds no cache starts as before, from the classes' folder. Each training writes a file of its own, moved
 * into place once its JVM has exited, so no JVM starts from a half-written cache. A cache the JVM refuses is set aside
 * with the reason, and the load generator starts as before from then on.
 */
public final class LoadGeneratorAot {

    /** JEP 514's one-step {@code -XX:AOTCacheOutput} came in JDK 25. */
    static final int FIRST_JDK = 25;

    /** A training file this old was left by a JVM that was killed before it exited: no JVM will finish it. */
    private static final Duration ABANDONED = Duration.ofMinutes(30);

    private final Path directory;
    private final Path classes;

    private LoadGeneratorAot(Path directory, Path classes) {
        this.directory = directory;
        this.classes = classes;
    }

    /**
     * What the load generator's JVM starts with: the simulations' classpath entry and its AOT flags.
     *
     * @param simulations the simulations' jar beside the cache, or the classes' folder without one
     * @param flags       {@code -XX:AOTCache=…}, {@code -XX:AOTCacheOutput=…} or none
     * @param training    the file a training JVM writes, null otherwise
     * @param cache       the cache this JVM uses or makes, null without one
     * @param why         why there is no cache, null with one
     */
    public record Launch(Path simulations, List<String> flags, Path training, Path cache, String why) {

        /** The log's first line: how this JVM started, where a reader of its log would otherwise have to guess. */
        public String describe() {
            if (cache == null) return "lab: the load generator starts without an AOT cache: " + why;
            return training == null ? "lab: the load generator starts from the AOT cache " + cache
                    : "lab: the load generator makes the AOT cache " + cache + " as it exits";
        }
    }

    /**
     * @param target    the gatling module's {@code target} folder
     * @param classpath the simulations' dependencies, as the module wrote them
     * @param jvmFlags  the flags every load generator JVM gets: a cache serves only the flags it was made with
     * @param mayTrain  whether this run may make the cache when there is none (not a measured one)
     */
    public static Launch plan(Path target, String classpath, List<String> jvmFlags, boolean mayTrain, int jdkFeature) {
        Path classes = target.resolve("test-classes");
        if (jdkFeature < FIRST_JDK) return without(classes, "JDK " + jdkFeature + " has no one-step AOT cache (JDK " + FIRST_JDK + " has)");
        if (!Files.isDirectory(classes)) return without(classes, "no compiled simulations");
        for (String entry : classpath.split(java.io.File.pathSeparator)) {
            if (!entry.endsWith(".jar") || !Files.isRegularFile(Path.of(entry))) return without(classes, "the classpath holds " + entry + ", not a jar");
        }
        return new LoadGeneratorAot(target.resolve("aot").resolve(fingerprint(classes, classpath, jvmFlags)), classes).launch(mayTrain);
    }

    private Launch launch(boolean mayTrain) {
        Path cache = directory.resolve("gatling.aot");
        Path jar = directory.resolve("simulations.jar");
        Path refused = directory.resolve("refused.txt");
        if (Files.isRegularFile(refused)) return without(classes, "the JVM refused the cache: " + read(refused));
        if (Files.isRegularFile(cache) && Files.isRegularFile(jar)) return new Launch(jar, List.of("-XX:AOTCache=" + cache), null, cache, null);
        if (!mayTrain) return without(classes, "no cache yet (an unmeasured run makes it)");
        try {
            removeOtherBuilds();
            Files.createDirectories(directory);
            removeAbandonedTrainings();
            if (!Files.isRegularFile(jar)) SimulationsJar.write(classes, jar);
            Path training = Files.createTempFile(directory, "training-", ".aot");
            // The JVM writes the file itself; an empty one there would only be overwritten.
            Files.delete(training);
            return new Launch(jar, List.of("-XX:AOTCacheOutput=" + training), training, cache, null);
        } catch (IOException | UncheckedIOException e) {
            return without(classes, "no cache (" + e.getMessage() + ")");
        }
    }

    /**
     * Once the JVM has exited: a training's file into place, or a cache the JVM refused set aside with its reason.
     *
     * @param refusal the JVM's complaint about the cache it was given, from its log, or null
     */
    public static void settle(Launch launch, String refusal) {
        if (launch.cache() == null) return;
        try {
            if (launch.training() != null) {
                if (Files.isRegularFile(launch.training()) && Files.size(launch.training()) > 0) {
                    moveIntoPlace(launch.training(), launch.cache());
                }
                Files.deleteIfExists(launch.training());
            } else if (refusal != null) {
                Files.writeString(launch.cache().resolveSibling("refused.txt"), refusal + System.lineSeparator());
                Files.deleteIfExists(launch.cache());
            }
        } catch (IOException e) {
            // A cache not settled is a slower start next time, not a wrong measurement: the next unmeasured run tries again.
        }
    }

    private static void moveIntoPlace(Path training, Path cache) throws IOException {
        try {
            Files.move(training, cache, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
            // Another training finished first (ATOMIC_MOVE may replace or refuse an existing file, by platform): keep the one in place.
        }
    }

    private static Launch without(Path simulations, String why) {
        return new Launch(simulations, List.of(), null, null, why);
    }

    private static FileTime modified(Path path) {
        try {
            return Files.getLastModifiedTime(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each compiled class's name, size and time, the classpath, the JVM flags and the JDK: what a cache is valid for. */
    static String fingerprint(Path classes, String classpath, List<String> jvmFlags) {
        try (Stream<Path> tree = Files.walk(classes)) {
            StringBuilder text = new StringBuilder();
            for (Path file : tree.filter(Files::isRegularFile).sorted().toList()) {
                text.append(classes.relativize(file)).append(' ').append(Files.size(file)).append(' ').append(modified(file).toMillis()).append('\n');
            }
            text.append(classpath).append('\n').append(String.join(" ", jvmFlags)).append('\n').append(Runtime.version());
            return Fingerprints.hash(text.toString(), 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new build, classpath or JDK makes a new cache; the old ones, 70 MB each, would only fill the disk. */
    private void removeOtherBuilds() throws IOException {
        Path parent = directory.getParent();
        if (!Files.isDirectory(parent)) return;
        try (Stream<Path> builds = Files.list(parent)) {
            for (Path other : builds.filter(b -> !b.equals(directory)).toList()) deleteTree(other);
        }
    }

    private void removeAbandonedTrainings() throws IOException {
        Instant before = Instant.now().minus(ABANDONED);
        try (Stream<Path> files = Files.list(directory)) {
            for (Path old : files.filter(f -> f.getFileName().toString().startsWith("training-")).toList()) {
                if (modified(old).toInstant().isBefore(before)) Files.deleteIfExists(old);
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        List<Path> paths;
        try (Stream<Path> tree = Files.walk(root)) {
            paths = new ArrayList<>(tree.sorted(Comparator.reverseOrder()).toList());
        }
        for (Path p : paths) Files.deleteIfExists(p);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            return "see " + file;
        }
    }
}
