package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.Readiness;

import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The services under test for one pair of settings, each a {@link SpringService}, as its {@link SystemUnderTest} says,
 * and what the cases share: the gateway, the lab's jars, the line on threads.
 */
final class SpringServices {

    private SpringServices() {
    }

    static List<SpringService> of(StackSettings settings) {
        SystemUnderTest system = settings.system();
        return system.services().stream().map(c -> system.service(settings, c)).toList();
    }

    static SpringService of(StackSettings settings, Component component) {
        return settings.system().service(settings, component);
    }

    /** The gateway in front of whichever pessoa-service runs. */
    static SpringService gateway(StackSettings settings) {
        StackSettings.StackPorts p = settings.ports();
        return new SpringService(Component.GATEWAY, labJar(settings.home(), "gateway-service"),
                SpringProperties.arguments(SpringProperties.gateway(settings)), Map.of(), Readiness.answers200(settings.url(p.gatewayManagement()) + "/actuator/health"),
                address(settings, p.gateway(), p.gatewayManagement()), describeThreads(settings), Launch.of(settings.factors().launch(), true), null);
    }

    static String address(StackSettings settings, int port, int managementPort) {
        return settings.url(port) + " (management " + managementPort + ")";
    }

    static String describeThreads(StackSettings settings) {
        Integer processors = settings.factors().jvmProcessors();
        Integer carriers = settings.factors().carriers();
        return settings.system().threads(settings.mode()) + ", Tomcat max " + orDefault(settings.factors().tomcatThreads(), ServiceDefaults.TOMCAT_THREADS)
                + (processors != null ? ", JVM sized for " + processors + " CPU" + (processors == 1 ? "" : "s") : "")
                + (carriers != null ? ", " + carriers + " carrier" + (carriers == 1 ? "" : "s") : "")
                + (settings.factors().observesThreads() ? "" : ", no JFR pinning recording");
    }

    static String orDefault(Integer value, int fallback) {
        return value != null ? value.toString() : fallback + " (default)";
    }

    /** A module's jar as the build leaves it. */
    static Path labJar(Path home, String module) {
        Path target = home.resolve(module).resolve("target");
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(f -> f.getFileName().toString().matches(module + "-.*\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new StartFailure("No " + module + " jar in " + target + ": build with ./mvnw -DskipTests package"));
        } catch (IOException e) {
            throw new StartFailure("No " + module + " build in " + target + " (" + e.getMessage() + "): build with ./mvnw -DskipTests package");
        }
    }

    /** One of the HikariCP jars the pessoa-service build puts beside it, for the HikariCP-version factor. */
    static Path hikariJar(Path home, String version) {
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
}
