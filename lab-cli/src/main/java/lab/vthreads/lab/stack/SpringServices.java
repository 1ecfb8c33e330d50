package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.Readiness;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The services under test for one pair of settings, each a {@link SpringService}: a user's application alone, or the
 * lab's pessoa-service and the gateway in front of it. This is the only place where the two differ.
 */
final class SpringServices {

    private SpringServices() {
    }

    static List<SpringService> of(StackSettings settings) {
        return components(settings).stream().map(c -> of(settings, c)).toList();
    }

    /** The services' components, without looking for their jars. */
    static List<Component> components(StackSettings settings) {
        return settings.application() != null ? List.of(Component.APP) : List.of(Component.PESSOA, Component.GATEWAY);
    }

    static SpringService of(StackSettings settings, Component component) {
        StackSettings.StackPorts p = settings.ports();
        return switch (component) {
            case PESSOA -> {
                if (settings.mode().reactive()) {
                    yield new SpringService(component, labJar(settings.home(), "pessoa-service-reactive"),
                            SpringProperties.arguments(SpringProperties.reactivePessoa(settings)), Map.of(),
                            Readiness.answers200(settings.url(p.pessoaManagement()) + "/actuator/health"), address(settings, p.pessoa(), p.pessoaManagement()),
                            describePessoa(settings), Launch.of(settings.factors().launch(), true), null);
                }
                String hikariCp = settings.factors().hikariCp();
                if (hikariCp != null && settings.factors().launch() != null && Launch.parse(settings.factors().launch()) != Launch.JAR) {
                    throw new IllegalArgumentException("hikariCp runs pessoa-service from its jar, the other HikariCP ahead of its own: it takes no launch "
                            + settings.factors().launch());
                }
                yield new SpringService(component, labJar(settings.home(), "pessoa-service"), SpringProperties.arguments(SpringProperties.pessoa(settings)),
                        Map.of(), Readiness.answers200(settings.url(p.pessoaManagement()) + "/actuator/health"), address(settings, p.pessoa(), p.pessoaManagement()),
                        describePessoa(settings), hikariCp == null ? Launch.of(settings.factors().launch(), true) : Launch.JAR,
                        hikariCp != null ? hikariJar(settings.home(), hikariCp) : null);
            }
            case GATEWAY -> new SpringService(component, labJar(settings.home(), "gateway-service"),
                    SpringProperties.arguments(SpringProperties.gateway(settings)), Map.of(), Readiness.answers200(settings.url(p.gatewayManagement()) + "/actuator/health"),
                    address(settings, p.gateway(), p.gatewayManagement()), describeThreads(settings), Launch.of(settings.factors().launch(), true), null);
            case APP -> {
                Application app = settings.application();
                // The path the user named on its own port; else Actuator's health on its management port, where it has Actuator
                // and that answers; else any answer on its own port: a port is all the lab asks of an application.
                String port = settings.url(p.gateway()) + "/";
                Readiness health = app.healthPath() != null ? Readiness.answers200(settings.url(p.gateway()) + app.healthPath())
                        : app.jar().actuator() ? Readiness.healthOrPort(settings.url(p.gatewayManagement()) + "/actuator/health", port)
                        : Readiness.anyAnswer(port);
                yield new SpringService(component, app.jar().path(), ApplicationArguments.of(settings), app.environment(), health,
                        address(settings, p.gateway(), p.gatewayManagement()), describeApplication(settings), Launch.of(settings.factors().launch(), false), null);
            }
            default -> throw new IllegalArgumentException(component.label() + " is not a service under test");
        };
    }

    private static String address(StackSettings settings, int port, int managementPort) {
        return settings.url(port) + " (management " + managementPort + ")";
    }

    static String describePessoa(StackSettings settings) {
        Factors f = settings.factors();
        if (settings.mode().reactive()) {
            return "reactive: pessoa-service-reactive on Reactor Netty, R2DBC pool " + orDefault(f.poolSize(), ServiceDefaults.POOL_SIZE)
                    + (f.poolTimeoutMs() != null ? ", acquire timeout " + f.poolTimeoutMs() + " ms" : "")
                    + ", CEP lookups " + (f.lookupsInsideTransaction() ? "inside" : "outside") + " the transaction"
                    + (f.cepReadTimeoutMs() != null ? ", CEP read timeout " + f.cepReadTimeoutMs() + " ms" : "");
        }
        return describeThreads(settings) + ", pool " + orDefault(f.poolSize(), ServiceDefaults.POOL_SIZE)
                + (f.poolTimeoutMs() != null ? ", connection timeout " + f.poolTimeoutMs() + " ms" : "")
                + ", CEP lookups " + (f.lookupsInsideTransaction() ? "inside" : "outside") + " the transaction"
                + (f.effectiveConcurrencyLimit() != null ? ", database concurrency limit " + f.effectiveConcurrencyLimit() : "")
                + (f.hikariCp() != null ? ", HikariCP " + f.hikariCp() : "")
                + (f.cepReadTimeoutMs() != null ? ", CEP read timeout " + f.cepReadTimeoutMs() + " ms" : "")
                + (f.cepLock() != null && !f.cepLock().equals("none") ? ", each CEP lookup inside " + f.cepLock() : "");
    }

    /** One line for {@code ./lab up}'s table and the report: what a user's application runs with. */
    static String describeApplication(StackSettings settings) {
        Factors f = settings.factors();
        Application app = settings.application();
        return app.jar().describe() + "; " + describeThreads(settings)
                + (f.poolSize() != null ? ", pool " + f.poolSize() : "")
                + (f.poolTimeoutMs() != null ? ", connection timeout " + f.poolTimeoutMs() + " ms" : "")
                + (app.labDatabase() ? ", the lab's PostgreSQL" : ", its own database")
                + (app.stubs() != null ? ", stubs' URL in " + app.stubUrlProperty() : "");
    }

    static String describeThreads(StackSettings settings) {
        Integer processors = settings.factors().jvmProcessors();
        Integer carriers = settings.factors().carriers();
        String threads = settings.mode().reactive() ? "virtual threads (the reactive mode's gateway)" : settings.mode().label() + " threads";
        return threads + ", Tomcat max " + orDefault(settings.factors().tomcatThreads(), ServiceDefaults.TOMCAT_THREADS)
                + (processors != null ? ", JVM sized for " + processors + " CPU" + (processors == 1 ? "" : "s") : "")
                + (carriers != null ? ", " + carriers + " carrier" + (carriers == 1 ? "" : "s") : "")
                + (settings.factors().observesThreads() ? "" : ", no JFR pinning recording");
    }

    private static String orDefault(Integer value, int fallback) {
        return value != null ? value.toString() : fallback + " (default)";
    }

    /** A module's jar as the build leaves it. */
    private static Path labJar(Path home, String module) {
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
    private static Path hikariJar(Path home, String version) {
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
