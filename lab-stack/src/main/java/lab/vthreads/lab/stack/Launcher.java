package lab.vthreads.lab.stack;

import lab.vthreads.lab.aot.AotCache;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.metrics.SpeedProbe;
import lab.vthreads.lab.pinning.PinningRecording;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds each component's command line (the JVM, its flags, its jar or main class) and starts it as a process of its
 * own, with its output in {@code <run directory>/<component>.log}.
 */
final class Launcher {

    private final Isolation isolation;

    Launcher(Isolation isolation) {
        this.isolation = isolation;
    }

    /**
     * A service under test, whoever wrote it: its jar started as its {@link Launch} says (from its AOT cache, made on
     * first use, see {@link AotCache}; extracted; or with {@code java -jar}); or, to run with another copy of a library
     * ({@code classpathAhead}), Spring Boot's PropertiesLauncher, whose {@code loader.path} entries come before the
     * jar's own BOOT-INF/lib (a classpath the cache was not made for). Its Spring properties follow on the command line.
     */
    Started start(StackSettings settings, SpringService service) {
        return start(settings, service, null);
    }

    /** @param training the traffic a {@link Launch#AOT_TRAFFIC} cache was trained on ({@link TrafficTraining#key}), or null: none */
    Started start(StackSettings settings, SpringService service, String training) {
        ServiceJdk jdk = settings.jdk();
        List<String> command = jvm(settings, service.component());
        String how;
        if (service.classpathAhead() != null) {
            command.addAll(List.of("-Dloader.path=" + service.classpathAhead(), "-cp", service.jar().toString(),
                    "org.springframework.boot.loader.launch.PropertiesLauncher"));
            how = "no AOT cache (another HikariCP on the classpath)";
        } else {
            how = switch (service.launch()) {
                case JAR -> {
                    command.addAll(List.of("-jar", service.jar().toString()));
                    yield "from its jar, no AOT cache";
                }
                case EXTRACTED -> {
                    Path extracted;
                    try {
                        extracted = cacheOf(settings, service).extracted(javaExecutable(), settings.runDirectory().resolve(service.component().label() + "-extract.log"));
                    } catch (RuntimeException e) {
                        throw new lab.vthreads.lab.process.StartFailure(service.component().label() + " could not be extracted for launch extracted ("
                                + e.getMessage() + "); extracting takes Spring Boot 3.3 or later (java -Djarmode=tools -jar JAR extract)");
                    }
                    command.addAll(List.of("-jar", extracted.toString()));
                    yield "extracted, no AOT cache";
                }
                case AOT, AOT_TRAFFIC -> {
                    if (!jdk.labsOwn()) {
                        // JDK 21 has no AOT cache (JEP 483 came in 24), and a cache only serves the JDK that made it: the lab's.
                        command.addAll(List.of("-jar", service.jar().toString()));
                        yield "no AOT cache (" + jdk.describe() + " is not the lab's JDK, which makes the caches)";
                    }
                    AotCache.Ready trained = service.launch() == Launch.AOT_TRAFFIC && training != null ? cacheOf(settings, service).trafficReady(training) : null;
                    if (trained != null) {
                        command.addAll(List.of("-XX:AOTCache=" + trained.cache(), "-jar", trained.jar().toString()));
                        yield AOT_CACHE + " trained on traffic";
                    }
                    AotCache.Ready cache = prepareAot(settings, service);
                    if (cache.usable()) {
                        command.addAll(List.of("-XX:AOTCache=" + cache.cache(), "-jar", cache.jar().toString()));
                        yield service.launch() == Launch.AOT_TRAFFIC ? AOT_CACHE + " trained on the start-up (none trained on traffic)" : AOT_CACHE;
                    }
                    command.addAll(List.of("-jar", service.jar().toString()));
                    yield cache.missing();
                }
            };
        }
        command.addAll(service.arguments());
        return new Started(ManagedProcess.start(service.component().label(), command, service.environment(), log(settings, service.component()),
                workingDirectory(settings, service.component())), jdk.describe() + "; " + how);
    }

    /** How the stack's table says a service started from its AOT cache. */
    static final String AOT_CACHE = "AOT cache";

    /** Where the service runs, the JDK, and the JVM flags every service of the lab gets whatever its jar. */
    private List<String> jvm(StackSettings settings, Component component) {
        List<String> command = placed(component, settings.limit(component));
        command.add(settings.jdk().java().toString());
        command.addAll(jvmFlags(settings, component));
        return command;
    }

    static List<String> jvmFlags(StackSettings settings, Component component) {
        List<String> flags = new ArrayList<>(settings.limit(component).jvmFlags(settings.factors().jvmProcessors()));
        if (settings.factors().observesThreads()) flags.addAll(PinningRecording.jvmFlags(settings.runDirectory()));
        if (settings.factors().carriers() != null) flags.add("-Djdk.virtualThreadScheduler.parallelism=" + settings.factors().carriers());
        return flags;
    }

    /**
     * The service's AOT cache, trained now if missing: where the service itself will run ({@link #placed}), so that a
     * training during {@link RunningStack#startServices}, whose services may use every CPU, does too. Run from the lab's own
     * place instead, both trainings would share the load side's CPUs, one after the other, in the first run after
     * every build.
     */
    AotCache.Ready prepareAot(StackSettings settings, SpringService service) {
        // The training gets the service's own JVM flags: the JFR recording adds the jdk.jfr module, and a cache dumped
        // without it is refused at every start by a JVM that has it ("Mismatched values for property jdk.module.addmods").
        List<String> flags = jvmFlags(settings, service.component());
        return cacheOf(settings, service).prepare(placed(service.component(), settings.limit(service.component())),
                javaExecutable(), flags, service.environment(), service.arguments(), settings.runDirectory().resolve(service.component().label() + "-aot.log"));
    }

    /**
     * The service started from its extracted jar with {@code -XX:AOTCacheOutput}: it records what it loads and runs until
     * it is stopped, which writes the cache trained on {@code training}'s traffic. Made where the service itself runs.
     */
    ManagedProcess startTraining(StackSettings settings, SpringService service, String training) {
        AotCache cache = cacheOf(settings, service);
        Path log = settings.runDirectory().resolve(service.component().label() + "-aot-traffic.log");
        Path extracted = cache.extracted(javaExecutable(), log);
        try {
            cache.removeOtherTrainings(training);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<String> command = jvm(settings, service.component());
        command.addAll(List.of("-XX:AOTCacheOutput=" + cache.trafficCache(training), "-jar", extracted.toString()));
        command.addAll(service.arguments());
        return ManagedProcess.start(service.component().label() + "-training", command, service.environment(), log,
                settings.runDirectory().resolve(service.component().label() + "-training-workdir"));
    }

    /** Whether the service's cache trained on {@code training} is there. */
    boolean trainedOn(StackSettings settings, SpringService service, String training) {
        return cacheOf(settings, service).trafficReady(training) != null;
    }

    /**
     * Where a jar's extracted form and cache go: beside a jar inside the lab's checkout (its own, in their modules'
     * target folders; the examples'); any other under the lab's target folder, not beside a jar that may be anywhere.
     */
    private static AotCache cacheOf(StackSettings settings, SpringService service) {
        Path jar = service.jar().toAbsolutePath().normalize();
        Path root = jar.startsWith(settings.home().toAbsolutePath().normalize()) ? jar.getParent().resolve("aot")
                : settings.home().resolve("target").resolve("app-aot").resolve(jar.getFileName().toString());
        return new AotCache(service.jar(), root, settings.factors().observesThreads());
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

    /**
     * The probe of the services' CPUs' speed ({@link SpeedProbe}), in its own place on the system side of the partition,
     * writing its totals to {@code totals}; it ends by itself if this JVM does.
     */
    ManagedProcess speedProbe(StackSettings settings, Path totals) {
        List<String> command = new ArrayList<>(isolation.prefix(SpeedProbe.COMPONENT));
        command.add(javaExecutable());
        command.addAll(List.of("-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), SpeedProbe.class.getName(),
                totals.toString(), Long.toString(ProcessHandle.current().pid())));
        return ManagedProcess.start(SpeedProbe.COMPONENT, command, Map.of(), settings.runDirectory().resolve(SpeedProbe.COMPONENT + ".log"));
    }

    /** Where the component runs: its place in the partition, then any CPUs its --limit pins it to. */
    private List<String> placed(Component component, ResourceLimit limit) {
        List<String> command = new ArrayList<>(isolation.prefix(component.label()));
        if (limit != null) command.addAll(limit.affinityPrefix());
        return command;
    }

    private static Path log(StackSettings settings, Component component) {
        return settings.runDirectory().resolve(component.label() + ".log");
    }

    /**
     * A service's working directory, beside its log: a start in a new run directory (each pair of JVMs, each start of
     * the start-up check) begins with an empty one. An application that keeps state under a relative path (Conductor's
     * SQLite file, an H2 file database) would otherwise share it across every JVM the lab starts, and leave it in the
     * folder the user typed the command in.
     */
    static Path workingDirectory(StackSettings settings, Component component) {
        return settings.runDirectory().resolve(component.label() + "-workdir");
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
