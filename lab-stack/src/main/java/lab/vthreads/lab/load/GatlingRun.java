package lab.vthreads.lab.load;

import lab.vthreads.lab.aot.AotRefusal;
import lab.vthreads.lab.aot.LoadGeneratorAot;
import lab.vthreads.lab.process.ManagedProcess;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs one Gatling simulation from the gatling module in a JVM of its own (the same classes and classpath that
 * {@code ./mvnw -pl gatling gatling:test} uses, without Maven in the measured window), so its CPU and memory can be
 * measured apart from the services; from the load generator's AOT cache where there is one ({@link LoadGeneratorAot}).
 * Gatling writes its run's log under {@code reportsDirectory}, and its HTML report there where the run's kind wants
 * one ({@link LoadRun}); the simulation writes the lab's JSON results to {@code resultsFile}.
 */
public final class GatlingRun {

    // What gatling-maven-plugin passes its forked JVM, plus a bounded heap.
    private static final List<String> JVM_FLAGS = List.of("-Xmx1g", "-XX:+HeapDumpOnOutOfMemoryError",
            "-XX:MaxInlineLevel=20", "-XX:MaxTrivialSize=12",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED");

    private GatlingRun() {
    }

    /** A simulation's class: a simple name means one of the gatling module's ({@code CreatePessoaSimulation}). */
    public static String simulationClass(String name) {
        return name.contains(".") ? name : "lab.vthreads.gatling." + name;
    }

    /**
     * Starts the simulation with these system properties ({@link LoadProperties#asMap}), on any CPU, for a load nothing
     * measures (a smoke test's, a scenario's), with its HTML report; the caller waits with {@link #await}.
     */
    public static ManagedProcess start(Path home, String simulationClass, Map<String, String> properties, Path reportsDirectory,
                                       Path log) {
        return start(home, simulationClass, properties, reportsDirectory, log, List.of(), LoadRun.UNMEASURED_WITH_REPORT);
    }

    /**
     * The same, started behind {@code prefix}: the command that puts it in its place on a partitioned machine.
     *
     * @param kind what the run is for: whether it may make the load generator's AOT cache ({@link LoadGeneratorAot}) and
     *             whether Gatling writes its HTML report
     */
    public static ManagedProcess start(Path home, String simulationClass, Map<String, String> properties, Path reportsDirectory,
                                       Path log, List<String> prefix, LoadRun kind) {
        Path gatling = home.resolve("gatling").resolve("target");
        Path classpathFile = gatling.resolve("gatling-classpath.txt");
        if (!Files.isRegularFile(classpathFile)) {
            throw new IllegalStateException("The gatling module is not built (" + classpathFile + " is missing): run ./mvnw -DskipTests package");
        }
        String classpath = read(classpathFile);
        LoadGeneratorAot.Launch aot = LoadGeneratorAot.plan(gatling, classpath, JVM_FLAGS, kind.mayTrainCache(), Runtime.version().feature());
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_FLAGS);
        command.addAll(aot.flags());
        properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
        command.addAll(List.of("-cp", aot.simulations() + java.io.File.pathSeparator + classpath,
                "io.gatling.app.Gatling", "--simulation", simulationClass, "--results-folder", reportsDirectory.toString()));
        command.addAll(kind.gatlingArguments());
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.writeString(log, aot.describe() + System.lineSeparator(), java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("could not write " + log + ": " + e.getMessage(), e);
        }
        ManagedProcess started = ManagedProcess.start("gatling", command, Map.of(), log);
        if (aot.cache() != null) LAUNCHES.put(started, aot);
        return started;
    }

    /**
     * Each running load generator's cache, until {@link #await} settles it once its JVM has exited. Kept here, not by the
     * callers, which know only the process: the cache is this class's concern alone.
     */
    private static final Map<ManagedProcess, LoadGeneratorAot.Launch> LAUNCHES = new java.util.concurrent.ConcurrentHashMap<>();

    /** Waits up to {@code timeoutSeconds}, then stops it; returns its exit code (non-zero: crash or failed assertions). */
    public static int await(ManagedProcess gatling, long timeoutSeconds) {
        try {
            if (!gatling.process().waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                gatling.stop();
                settle(gatling);
                throw new IllegalStateException("Gatling did not finish within " + timeoutSeconds + " s and was stopped");
            }
            settle(gatling);
            return gatling.process().exitValue();
        } catch (InterruptedException e) {
            gatling.stop();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Once the load generator has exited, by itself or stopped: its AOT cache put in place or set aside
     * ({@link LoadGeneratorAot#settle}). Safe to call more than once.
     */
    public static void settle(ManagedProcess gatling) {
        if (gatling.isAlive()) return;
        LoadGeneratorAot.Launch aot = LAUNCHES.remove(gatling);
        if (aot == null) return;
        String refusal;
        try {
            refusal = aot.training() == null ? AotRefusal.in(gatling.logSinceStart().lines()) : null;
        } catch (IOException e) {
            refusal = null;
        }
        LoadGeneratorAot.settle(aot, refusal);
    }

    /** The HTML report Gatling wrote for this run (its only folder under reportsDirectory). */
    public static Path reportOf(Path reportsDirectory) {
        try (Stream<Path> folders = Files.list(reportsDirectory)) {
            return folders.filter(f -> Files.isRegularFile(f.resolve("index.html"))).findFirst()
                    .orElseThrow(() -> new IllegalStateException("Gatling wrote no report under " + reportsDirectory));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
