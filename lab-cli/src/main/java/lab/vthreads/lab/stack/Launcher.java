package lab.vthreads.lab.stack;

import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.pinning.PinningRecording;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Builds each component's command line (the JVM, its flags, its jar or main class) and starts it as a process of its
 * own, with its output in {@code <run directory>/<component>.log}.
 */
final class Launcher {

    private final Path home;
    private final Isolation isolation;

    Launcher(Path home, Isolation isolation) {
        this.home = home;
        this.isolation = isolation;
    }

    /**
     * A service's jar, started from its AOT cache (made on first use, see {@link AotCache}), or with {@code java -jar}
     * where none can be made; or, to run with another copy of a library ({@code ahead}), Spring Boot's
     * PropertiesLauncher, whose {@code loader.path} entries come before the jar's own BOOT-INF/lib (a classpath the
     * cache was not made for).
     */
    Started jar(StackSettings settings, Component component, String module, Map<String, String> env, Path ahead) {
        ServiceJdk jdk = settings.jdk();
        List<String> command = jvm(settings, component);
        String aot;
        if (!jdk.labsOwn()) {
            // JDK 21 has no AOT cache (JEP 483 came in 24), and a cache only serves the JDK that made it: the lab's.
            command.addAll(List.of("-jar", jar(module).toString()));
            aot = "no AOT cache (" + jdk.describe() + " is not the lab's JDK, which makes the caches)";
        } else if (ahead == null) {
            AotCache.Ready cache = prepareAot(settings, component, module, env);
            if (cache.usable()) {
                command.addAll(List.of("-XX:AOTCache=" + cache.cache(), "-jar", cache.jar().toString()));
                aot = "AOT cache";
            } else {
                command.addAll(List.of("-jar", jar(module).toString()));
                aot = cache.missing();
            }
        } else {
            command.addAll(List.of("-Dloader.path=" + ahead, "-cp", jar(module).toString(), "org.springframework.boot.loader.launch.PropertiesLauncher"));
            aot = "no AOT cache (another HikariCP on the classpath)";
        }
        return new Started(ManagedProcess.start(component.label(), command, env, log(settings, component)), jdk.describe() + "; " + aot);
    }

    /**
     * A user's application ({@link StackSettings#application}), from its jar as it is: the same JVM, place, flags and
     * pinning recording as the lab's services, its factors as Spring properties ({@link ApplicationArguments}). No AOT
     * cache: the lab trains caches for its own services, whose start-up it knows.
     */
    Started application(StackSettings settings, Component component) {
        var app = settings.application();
        List<String> command = jvm(settings, component);
        command.addAll(List.of("-jar", app.jar().path().toString()));
        command.addAll(ApplicationArguments.of(settings));
        return new Started(ManagedProcess.start(component.label(), command, app.environment(), log(settings, component)),
                settings.jdk().describe() + "; no AOT cache (the lab makes them for its own services)");
    }

    /** Where the service runs, the JDK, and the JVM flags every service of the lab gets whatever its jar. */
    private List<String> jvm(StackSettings settings, Component component) {
        ResourceLimit limit = settings.limit(component);
        List<String> command = placed(component, limit);
        command.add(settings.jdk().java().toString());
        command.addAll(limit.jvmFlags(settings.factors().jvmProcessors()));
        if (settings.factors().observesThreads()) command.addAll(PinningRecording.jvmFlags(settings.runDirectory()));
        if (settings.factors().carriers() != null) command.add("-Djdk.virtualThreadScheduler.parallelism=" + settings.factors().carriers());
        return command;
    }

    /**
     * The service's AOT cache, trained now if missing: where the service itself will run ({@link #placed}), so that a
     * training during {@link Stack#startServices}, whose services may use every CPU, does too. Run from the lab's own
     * place instead, both trainings shared the load side's one CPU, one after the other (68 s here, the first run after
     * every build).
     */
    AotCache.Ready prepareAot(StackSettings settings, Component component, String module, Map<String, String> env) {
        ResourceLimit limit = settings.limit(component);
        return new AotCache(jar(module)).prepare(placed(component, limit), javaExecutable(), limit.jvmFlags(settings.factors().jvmProcessors()), env,
                settings.runDirectory().resolve(component.label() + "-aot.log"));
    }

    /** A started service, and whether it started from an AOT cache (or why not). */
    record Started(ManagedProcess process, String aot) {
    }

    /** A main class from the lab's own classpath (the infrastructure's mains in lab-infra). */
    ManagedProcess main(StackSettings settings, Component component, List<String> jvmFlags, ResourceLimit affinity, String mainClass,
                        List<String> args) {
        List<String> command = placed(component, affinity);
        command.add(javaExecutable());
        command.addAll(jvmFlags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(args);
        return ManagedProcess.start(component.label(), command, Map.of(), log(settings, component));
    }

    /** Where the component runs: its place in the partition, then any CPUs its --limit pins it to. */
    private List<String> placed(Component component, ResourceLimit limit) {
        List<String> command = new ArrayList<>(isolation.prefix(component.label()));
        if (limit != null) command.addAll(limit.affinityPrefix());
        return command;
    }

    /** One of the HikariCP jars the pessoa-service build puts beside it, for the HikariCP-version factor. */
    Path hikariJar(String version) {
        Path directory = home.resolve("pessoa-service/target/hikari");
        Path jar = directory.resolve("HikariCP-" + version + ".jar");
        if (!Files.isRegularFile(jar)) {
            String available;
            try (Stream<Path> files = Files.list(directory)) {
                available = String.join(", ", files.map(f -> f.getFileName().toString().replaceAll("^HikariCP-|\\.jar$", "")).sorted().toList());
            } catch (IOException e) {
                available = "none (build with ./mvnw -DskipTests package)";
            }
            throw new StartFailure("No HikariCP " + version + " in " + directory + "; available: " + available);
        }
        return jar;
    }

    private Path jar(String module) {
        Path target = home.resolve(module).resolve("target");
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(f -> f.getFileName().toString().matches(module + "-.*\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new StartFailure("No " + module + " jar in " + target + ": build with ./mvnw -DskipTests package"));
        } catch (IOException e) {
            throw new StartFailure("No " + module + " build in " + target + " (" + e.getMessage() + "): build with ./mvnw -DskipTests package");
        }
    }

    private static Path log(StackSettings settings, Component component) {
        return settings.runDirectory().resolve(component.label() + ".log");
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
