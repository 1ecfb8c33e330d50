package lab.vthreads.gateway.support;

import lab.vthreads.infra.testsupport.ListenPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An implementation's real jar (pessoa-service's, or the reactive service's) as a child process, on free ports,
 * stopped by its PID. What a test sees is what
 * {@code ./lab up} and compose run.
 */
public final class PessoaServiceProcess implements AutoCloseable {

    private final Process process;
    private final String name;
    private final int port;
    private final int managementPort;
    private final Path log;

    private PessoaServiceProcess(Process process, String name, int port, int managementPort, Path log) {
        this.process = process;
        this.name = name;
        this.port = port;
        this.managementPort = managementPort;
        this.log = log;
    }

    public static PessoaServiceProcess start(boolean virtualThreads, Map<String, String> environment) {
        Map<String, String> settings = new java.util.HashMap<>(environment);
        settings.put("SPRING_THREADS_VIRTUAL_ENABLED", Boolean.toString(virtualThreads));
        return start("pessoa-service", jar("pessoa-service"), settings, List.of());
    }

    /** The reactive implementation's jar, with these of its properties as its arguments. */
    public static PessoaServiceProcess startReactive(Map<String, Object> properties) {
        return start("pessoa-service-reactive", jar("pessoa-service-reactive"), Map.of(),
                properties.entrySet().stream().map(p -> "--" + p.getKey() + "=" + p.getValue()).toList());
    }

    /** Where the build left the module's jar, unless the system property named after it says otherwise. */
    private static Path jar(String module) {
        Path jar = Path.of(System.getProperty(module + ".jar", "../" + module + "/target/" + module + "-0.1.0-SNAPSHOT.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(module + " jar not found at " + jar.toAbsolutePath() + ": build it first (./mvnw package)");
        }
        return jar;
    }

    private static PessoaServiceProcess start(String name, Path jar, Map<String, String> environment, List<String> arguments) {
        int port = ListenPorts.next();
        int managementPort = ListenPorts.next();
        try {
            // In the module's build folder, where the test reports are, and gone with it: not one more file in /tmp per test.
            Path logs = Files.createDirectories(Path.of("target", "service-logs"));
            Path log = Files.createTempFile(logs, name + "-", ".log");
            List<String> command = new java.util.ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-jar", jar.toString()));
            command.addAll(arguments);
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().putAll(environment);
            builder.environment().put("SERVER_PORT", Integer.toString(port));
            builder.environment().put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
            PessoaServiceProcess service = new PessoaServiceProcess(builder.start(), name, port, managementPort, log);
            service.awaitHealthy(managementPort, Duration.ofSeconds(90));
            return service;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public String managementUrl() {
        return "http://127.0.0.1:" + managementPort;
    }

    public long pid() {
        return process.pid();
    }

    private void awaitHealthy(int managementPort, Duration timeout) {
        HttpClient client = HttpClient.newHttpClient();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + tail());
            }
            try {
                HttpResponse<String> health = client.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + managementPort + "/actuator/health")).build(), HttpResponse.BodyHandlers.ofString());
                if (health.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            sleep(250);
        }
        close();
        throw new IllegalStateException(name + " was not healthy within " + timeout + ":\n" + tail());
    }

    private String tail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** SIGTERM to this PID (graceful shutdown), then SIGKILL if it has not exited within 20 s. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }


    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
