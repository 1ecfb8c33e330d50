package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.TargetDescription;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.SystemUnderTest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What an experiment ran on and with: read from the machine and from the very jars that ran, once per experiment. */
public final class Environments {

    private Environments() {
    }

    /**
     * @param cores           the experiment's CPUs (the partition's, both sides), not the lab's own after it moved to the load side
     * @param system          what ran: its jar's Spring Boot, HikariCP and driver versions, and its server, are the run's
     */
    static ExperimentResults.Environment describe(Path home, SystemUnderTest system, RunningStack stack, int cores) {
        Path servicesJar = system.versionsJar(home);
        Map<String, String> components = new LinkedHashMap<>();
        stack.rows().forEach(row -> components.put(row.component().label(), row.settings()));
        return new ExperimentResults.Environment(
                System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                manifest(servicesJar, "Spring-Boot-Version"),
                libraryVersion(servicesJar, "HikariCP"),
                libraryVersion(servicesJar, "postgresql"),
                gatlingVersion(home),
                cores,
                memoryMb(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                components, codeSizes(home), system.applicationServer());
    }

    /** A stack the lab did not start: its versions are the target's business; the load generator's are this machine's. */
    static ExperimentResults.Environment describeExternal(Path home, TargetDescription target) {
        Map<String, String> components = new LinkedHashMap<>();
        target.endpoints().forEach((mode, e) -> components.put(mode, "gateway " + e.gateway() + ", management " + e.pessoaManagement()
                + " and " + e.gatewayManagement()));
        String unknown = "unknown (external target)";
        return new ExperimentResults.Environment(
                System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"), unknown, unknown, unknown, gatlingVersion(home),
                Runtime.getRuntime().availableProcessors(), memoryMb(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"), components, null, null);
    }

    /** The machine and JVM only, for a run that starts no stack (the executor micro-benchmark). */
    public static ExperimentResults.Environment describeJvm() {
        return new ExperimentResults.Environment(System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"), "n/a", "n/a", "n/a", "n/a",
                Runtime.getRuntime().availableProcessors(), memoryMb(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"), Map.of(), null, null);
    }

    /** What the implementations cost to read; a checkout whose sources can't be read still runs, without the figure. */
    private static List<lab.vthreads.lab.measured.CodeSize> codeSizes(Path home) {
        try {
            return ImplementationSizes.of(home);
        } catch (java.io.UncheckedIOException e) {
            return null;
        }
    }

    private static String manifest(Path jar, String attribute) {
        if (jar == null) return "unknown";
        try (JarFile file = new JarFile(jar.toFile())) {
            return String.valueOf(file.getManifest().getMainAttributes().getValue(attribute));
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The version in BOOT-INF/lib/NAME-VERSION.jar of the service's jar: what really ran, not what a pom asked for. */
    private static String libraryVersion(Path jar, String name) {
        if (jar == null) return "unknown";
        Pattern pattern = Pattern.compile("BOOT-INF/lib/" + Pattern.quote(name) + "-([0-9][^/]*)\\.jar");
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().map(e -> pattern.matcher(e.getName())).filter(Matcher::matches).map(m -> m.group(1)).findFirst().orElse("not in the jar");
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String gatlingVersion(Path home) {
        try {
            Matcher m = Pattern.compile("gatling-app-([0-9][^/:]*)\\.jar").matcher(Files.readString(home.resolve("gatling/target/gatling-classpath.txt")));
            return m.find() ? m.group(1) : "unknown";
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static long memoryMb() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/meminfo"));
            return Long.parseLong(lines.getFirst().replaceAll("\\D", "")) / 1024;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
