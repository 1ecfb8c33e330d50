package lab.vthreads.lab.aot;

import lab.vthreads.lab.fingerprint.Fingerprints;

import lab.vthreads.lab.process.ManagedProcess;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A JDK AOT cache (JEP 483/514) for one service jar: the classes loaded and linked, and the start-up's method
 * profiles, from one training run. A cell's fresh JVM then starts from it instead of from the jar. Built once per
 * build and JDK, as Spring Boot documents it: the jar in extracted form, then a run with
 * {@code -XX:AOTCacheOutput} that exits once the application context has refreshed (so no port is bound and no
 * request served). pessoa-service's training connects to the lab's PostgreSQL, as its start does.
 *
 * <p>Both thread modes start from the same cache, and the JIT still compiles under load as before: the cache
 * shortens start-up, not the warm-up the measured window waits for. Where a cache can't be made, the service starts
 * from its jar, as before, and the reason is in the stack's table.
 */
public final class AotCache {

    private static final long TRAINING_SECONDS = 180;

    private final Path directory;
    private final Path jar;

    /**
     * The cache of {@code jar}, under {@code root/<jar and JDK fingerprint>[-jfr]/}: one for JVMs with the JFR recording
     * and one for JVMs without, since the module graph a cache was dumped with must be the run's.
     */
    public AotCache(Path jar, Path root, boolean withJfr) {
        this.jar = jar;
        this.directory = root.resolve(fingerprint(jar) + (withJfr ? "-jfr" : ""));
    }

    /**
     * The jar in extracted form ({@code -Djarmode=tools extract}: the jar and its libraries as plain jars, loaded
     * without Spring Boot's nested-jar loader), made if missing.
     *
     * @throws IllegalStateException where the jar cannot be extracted (a Spring Boot before 3.3 has no tools jar mode)
     */
    public Path extracted(String javaExecutable, Path log) {
        Path extracted = directory.resolve("application").resolve(jar.getFileName());
        if (Files.isRegularFile(extracted)) return extracted;
        try {
            removeOtherBuilds();
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        run(List.of(javaExecutable, "-Djarmode=tools", "-jar", jar.toString(), "extract", "--force", "--destination",
                directory.resolve("application").toString()), Map.of(), log, "extract");
        return extracted;
    }

    /** The JVM's first complaint about the cache it was given, from the service's log, or null ({@link AotRefusal}). */
    public static String refusedIn(Path log) {
        try (Stream<String> lines = Files.lines(log)) {
            return AotRefusal.in(lines);
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    /**
     * The extracted jar to run instead of {@code jar}, and the cache, both made if missing; null (and why) if it can't be.
     *
     * @param placement the command's prefix that puts the training where the service will run (its cgroup, its CPUs)
     * @param arguments the service's Spring properties: the training starts it as the cells will (pessoa-service's
     *                  migrations need the lab's database)
     */
    public Ready prepare(List<String> placement, String javaExecutable, List<String> jvmFlags, Map<String, String> env, List<String> arguments, Path log) {
        Path cache = directory.resolve("app.aot");
        Path extracted = directory.resolve("application").resolve(jar.getFileName());
        if (Files.isRegularFile(cache) && Files.isRegularFile(extracted)) {
            return new Ready(extracted, cache, null);
        }
        try {
            extracted = extracted(javaExecutable, log);
            List<String> training = new ArrayList<>(placement);
            training.add(javaExecutable);
            training.addAll(jvmFlags);
            training.addAll(List.of("-XX:AOTCacheOutput=" + cache, "-Dspring.context.exit=onRefresh", "-jar", extracted.toString()));
            training.addAll(arguments);
            run(training, env, log, "training run");
            if (!Files.isRegularFile(cache)) {
                return new Ready(null, null, "the training run wrote no AOT cache; see " + log);
            }
            return new Ready(extracted, cache, null);
        } catch (RuntimeException e) {
            return new Ready(null, null, "no AOT cache (" + e.getMessage() + ")");
        }
    }

    /**
     * The cache trained on {@code training}'s traffic: one file per training, beside the start-up's, so that a changed
     * scenario or load makes a new one and the jar's next build removes them all.
     */
    public Path trafficCache(String training) {
        return directory.resolve("traffic-" + training + ".aot");
    }

    /** The extracted jar and the traffic-trained cache, where both are made; else null. */
    public Ready trafficReady(String training) {
        Path cache = trafficCache(training);
        Path extracted = directory.resolve("application").resolve(jar.getFileName());
        return Files.isRegularFile(cache) && Files.isRegularFile(extracted) ? new Ready(extracted, cache, null) : null;
    }

    /** Before a new training writes its cache: the caches of earlier trainings of this build go. */
    public void removeOtherTrainings(String training) throws IOException {
        if (!Files.isDirectory(directory)) return;
        String keep = trafficCache(training).getFileName().toString();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path other : files.filter(f -> f.getFileName().toString().startsWith("traffic-") && !f.getFileName().toString().equals(keep)).toList()) {
                Files.deleteIfExists(other);
            }
        }
    }

    private static void run(List<String> command, Map<String, String> env, Path log, String what) {
        // In a working directory of its own, as the service's own starts are (the stack's launcher gives each its own): a training run
        // that opens a file database under a relative path must not leave it where the lab was started.
        String name = "aot-" + what.replace(' ', '-');
        ManagedProcess process = ManagedProcess.start(name, command, env, log, log.toAbsolutePath().getParent().resolve(name + "-workdir"));
        try {
            if (!process.process().waitFor(TRAINING_SECONDS, TimeUnit.SECONDS)) {
                process.stop();
                throw new IllegalStateException(what + " did not end within " + TRAINING_SECONDS + " s; see " + log);
            }
            if (process.process().exitValue() != 0) {
                throw new IllegalStateException(what + " exited with " + process.process().exitValue() + "; see " + log);
            }
        } catch (InterruptedException e) {
            process.stop();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the " + what);
        }
    }

    /** A new build or JDK makes a new cache; the old ones would only fill the disk. */
    private void removeOtherBuilds() throws IOException {
        Path parent = directory.getParent();
        if (!Files.isDirectory(parent)) return;
        String build = fingerprint(jar);
        try (Stream<Path> builds = Files.list(parent)) {
            for (Path other : builds.filter(b -> !b.getFileName().toString().startsWith(build)).toList()) {
                try (Stream<Path> tree = Files.walk(other)) {
                    for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
                }
            }
        }
    }

    /** The jar's size and modification time, and the JDK's version: what the cache is only valid for. */
    static String fingerprint(Path jar) {
        try {
            return Fingerprints.hash(Files.size(jar) + "-" + Files.getLastModifiedTime(jar).toMillis() + "-" + Runtime.version(), 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param jar     the extracted jar to run, null without a cache
     * @param cache   the AOT cache to run it with
     * @param missing why there is none
     */
    public record Ready(Path jar, Path cache, String missing) {
        public boolean usable() {
            return cache != null;
        }
    }
}
