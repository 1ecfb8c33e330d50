package lab.vthreads.lab.stack;

import lab.vthreads.infra.cep.CepMockMain;
import lab.vthreads.infra.postgres.EmbeddedPostgresMain;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.lab.process.HealthCheck;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.Ports;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The whole lab as separate processes, started in dependency order, each one healthy before the next starts:
 * PostgreSQL, the WireMock CEP API, pessoa-service, gateway-service. This mirrors compose.yaml service for service.
 * Closing it stops them in reverse order; so does a failure to start any one of them.
 */
public final class Stack implements AutoCloseable {

    private static final Duration INFRA_START = Duration.ofSeconds(90);
    private static final Duration SERVICE_START = Duration.ofSeconds(180);

    private final StackSettings settings;
    private final Map<Component, ManagedProcess> processes = new LinkedHashMap<>();
    private final Map<Component, Row> rows = new LinkedHashMap<>();

    private Stack(StackSettings settings) {
        this.settings = settings;
    }

    public static Stack start(StackSettings settings) {
        Stack stack = startInfrastructure(settings);
        try {
            stack.startServices(settings);
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    /** PostgreSQL and the CEP API only: an experiment keeps them and restarts the services for every cell. */
    public static Stack startInfrastructure(StackSettings settings) {
        Stack stack = new Stack(settings);
        try {
            stack.checkPorts();
            stack.startPostgres();
            stack.startWireMock();
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    /** pessoa-service, then gateway-service, each healthy before the next; {@code cell} may change the factors. */
    public void startServices(StackSettings cell) {
        try {
            startPessoaService(cell);
            startGateway(cell);
        } catch (RuntimeException e) {
            stopServices();
            throw e;
        }
    }

    /** Stops the two services (gateway first), leaving PostgreSQL and the CEP API up. */
    public void stopServices() {
        for (Component component : List.of(Component.GATEWAY, Component.PESSOA)) {
            ManagedProcess process = processes.remove(component);
            if (process != null) {
                process.stop();
            }
            rows.remove(component);
        }
    }

    private void checkPorts() {
        StackSettings.StackPorts p = settings.ports();
        if (settings.externalDatabase() == null) {
            Ports.requireFree(p.postgres(), "embedded PostgreSQL", "--postgres-port");
        }
        Ports.requireFree(p.wiremock(), "the WireMock CEP API", "--wiremock-port");
        Ports.requireFree(p.pessoa(), "pessoa-service", "--pessoa-port");
        Ports.requireFree(p.pessoaManagement(), "pessoa-service management", "--pessoa-management-port");
        Ports.requireFree(p.gateway(), "gateway-service", "--gateway-port");
        Ports.requireFree(p.gatewayManagement(), "gateway-service management", "--gateway-management-port");
    }

    private void startPostgres() {
        if (settings.externalDatabase() != null) {
            rows.put(Component.POSTGRES, new Row(Component.POSTGRES, settings.jdbcUrl(), -1, "external, user " + settings.externalDatabase().user()));
            return;
        }
        Path dataDirectory = settings.runDirectory().resolve("postgres-data");
        ManagedProcess postgres = launchJava(Component.POSTGRES, List.of("-Xmx256m"), null, EmbeddedPostgresMain.class.getName(), List.of(
                "--port", Integer.toString(settings.ports().postgres()),
                "--data-dir", dataDirectory.toString(),
                "--max-connections", "300"), Map.of());
        HealthCheck.awaitLogLine(postgres, "PostgreSQL ready", INFRA_START);
        adoptPostmaster(postgres, dataDirectory);
        rows.put(Component.POSTGRES, new Row(Component.POSTGRES, settings.jdbcUrl(), postgres.pid(),
                "embedded PostgreSQL 18, user " + EmbeddedPostgresServer.USER + ", data in " + settings.home().relativize(dataDirectory)));
    }

    /** pg_ctl detaches the postmaster from the JVM that started it; its PID is the first line of postmaster.pid. */
    private static void adoptPostmaster(ManagedProcess postgres, Path dataDirectory) {
        try {
            long pid = Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).getFirst().trim());
            ProcessHandle.of(pid).ifPresent(postgres::adopt);
        } catch (IOException | RuntimeException e) {
            throw new StartFailure("PostgreSQL started but its postmaster.pid is unreadable (" + e.getMessage() + "); stopping");
        }
    }

    private void startWireMock() {
        ManagedProcess wiremock = launchJava(Component.WIREMOCK, settings.limit(Component.WIREMOCK).jvmFlags(),
                settings.limit(Component.WIREMOCK), CepMockMain.class.getName(), List.of(
                        "--port", Integer.toString(settings.ports().wiremock()),
                        "--root", settings.home().resolve("wiremock").toString(),
                        "--latency", settings.cepLatency().text()), Map.of());
        HealthCheck.awaitLogLine(wiremock, "CEP mock ready", INFRA_START);
        rows.put(Component.WIREMOCK, new Row(Component.WIREMOCK, "http://127.0.0.1:" + settings.ports().wiremock(), wiremock.pid(),
                "latency " + settings.cepLatency().text() + ", async responses, no journal; " + settings.limit(Component.WIREMOCK).describe()));
    }

    private void startPessoaService(StackSettings settings) {
        StackSettings.StackPorts p = settings.ports();
        String hikariCp = settings.factors().hikariCp();
        ManagedProcess pessoa = launchJar(settings, Component.PESSOA, jar("pessoa-service"), ServiceEnvironment.pessoa(settings),
                hikariCp != null ? hikariJar(hikariCp) : null);
        HealthCheck.awaitHttp200(pessoa, "http://127.0.0.1:" + p.pessoaManagement() + "/actuator/health", SERVICE_START);
        rows.put(Component.PESSOA, new Row(Component.PESSOA, "http://127.0.0.1:" + p.pessoa() + " (management " + p.pessoaManagement() + ")",
                pessoa.pid(), ServiceEnvironment.describePessoa(settings) + "; " + settings.limit(Component.PESSOA).describe()));
    }

    private void startGateway(StackSettings settings) {
        StackSettings.StackPorts p = settings.ports();
        ManagedProcess gateway = launchJar(settings, Component.GATEWAY, jar("gateway-service"), ServiceEnvironment.gateway(settings), null);
        HealthCheck.awaitHttp200(gateway, "http://127.0.0.1:" + p.gatewayManagement() + "/actuator/health", SERVICE_START);
        rows.put(Component.GATEWAY, new Row(Component.GATEWAY, "http://127.0.0.1:" + p.gateway() + " (management " + p.gatewayManagement() + ")",
                gateway.pid(), ServiceEnvironment.describeThreads(settings) + "; " + settings.limit(Component.GATEWAY).describe()));
    }

    /**
     * {@code java -jar}, or, to run with another copy of a library ({@code ahead}), Spring Boot's PropertiesLauncher,
     * whose {@code loader.path} entries come before the jar's own BOOT-INF/lib.
     */
    private ManagedProcess launchJar(StackSettings settings, Component component, Path jar, Map<String, String> env, Path ahead) {
        ResourceLimit limit = settings.limit(component);
        List<String> command = new ArrayList<>(limit.affinityPrefix());
        command.add(javaExecutable());
        command.addAll(limit.jvmFlags());
        if (ahead == null) {
            command.addAll(List.of("-jar", jar.toString()));
        } else {
            command.addAll(List.of("-Dloader.path=" + ahead, "-cp", jar.toString(), "org.springframework.boot.loader.launch.PropertiesLauncher"));
        }
        return register(component, ManagedProcess.start(component.label(), command, env, logOf(settings, component)));
    }

    private ManagedProcess launchJava(Component component, List<String> jvmFlags, ResourceLimit affinity, String mainClass,
                                      List<String> args, Map<String, String> env) {
        List<String> command = new ArrayList<>(affinity != null ? affinity.affinityPrefix() : List.of());
        command.add(javaExecutable());
        command.addAll(jvmFlags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(args);
        return register(component, ManagedProcess.start(component.label(), command, env, logOf(settings, component)));
    }

    private ManagedProcess register(Component component, ManagedProcess process) {
        processes.put(component, process);
        return process;
    }

    private static Path logOf(StackSettings settings, Component component) {
        return settings.runDirectory().resolve(component.label() + ".log");
    }

    private Path jar(String module) {
        Path target = settings.home().resolve(module).resolve("target");
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(f -> f.getFileName().toString().matches(module + "-.*\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new StartFailure("No " + module + " jar in " + target + ": build with ./mvnw -DskipTests package"));
        } catch (IOException e) {
            throw new StartFailure("No " + module + " build in " + target + " (" + e.getMessage() + "): build with ./mvnw -DskipTests package");
        }
    }

    private Path hikariJar(String version) {
        Path directory = settings.home().resolve("pessoa-service/target/hikari");
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

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public StackSettings settings() {
        return settings;
    }

    public Map<Component, ManagedProcess> processes() {
        return Collections.unmodifiableMap(processes);
    }

    public List<Row> rows() {
        return List.copyOf(rows.values());
    }

    /** Stops every started process, newest first, each by its PID. */
    @Override
    public void close() {
        List<ManagedProcess> started = new ArrayList<>(processes.values());
        Collections.reverse(started);
        for (ManagedProcess process : started) {
            process.stop();
        }
    }

    /** One line of the table `./lab up` prints. */
    public record Row(Component component, String address, long pid, String settings) {
    }
}
