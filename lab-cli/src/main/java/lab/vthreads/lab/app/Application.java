package lab.vthreads.lab.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A user's Spring Boot application as the lab runs it: the jar, what the user passes through to it, how the lab
 * knows it is up, and which of the lab's dependencies it is handed.
 *
 * @param properties      Spring properties passed as {@code --name=value} arguments, after the lab's own
 * @param environment     environment variables added to its process
 * @param healthPath      a path on its port that answers 200 once it is up; null: Actuator's health on its management port
 *                        where it has Actuator and that answers, else any HTTP answer on its port
 * @param labDatabase     hand it the lab's embedded PostgreSQL as {@code spring.datasource.*} (false: it brings its own,
 *                        an in-memory H2 or a URL among its properties)
 * @param stubs           a WireMock root ({@code mappings/} and {@code __files/}) the lab serves for its slow
 *                        downstreams; null: none
 * @param stubUrlProperty the property that receives the stubs' base URL
 */
public record Application(SpringBootJar jar, Map<String, String> properties, Map<String, String> environment, String healthPath,
                          boolean labDatabase, Path stubs, String stubUrlProperty) {

    /** The database the lab creates for an application in its embedded PostgreSQL. */
    public static final String DATABASE = "app";

    public Application {
        properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        environment = Map.copyOf(environment);
        if (healthPath != null && !healthPath.startsWith("/")) {
            throw new IllegalArgumentException("--app-health " + healthPath + ": a path on the application's port, starting with '/'");
        }
        if ((stubs == null) != (stubUrlProperty == null)) {
            throw new IllegalArgumentException(stubs == null ? "--stub-url-property needs --stubs DIR, the stubs whose URL it receives"
                    : "--stubs needs --stub-url-property NAME: the property your application reads the downstream's base URL from");
        }
        if (stubs != null) requireMappings(stubs);
    }

    /** WireMock's own layout: at least one JSON stub under {@code mappings/}. */
    private static void requireMappings(Path stubs) {
        Path mappings = stubs.resolve("mappings");
        try (Stream<Path> files = Files.isDirectory(mappings) ? Files.list(mappings) : Stream.empty()) {
            if (files.noneMatch(f -> f.getFileName().toString().endsWith(".json"))) {
                throw new IllegalArgumentException("--stubs " + stubs + " has no WireMock stubs: put one JSON file per stub in " + mappings
                        + " (and response bodies in " + stubs.resolve("__files") + "), WireMock's own layout");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("--stubs " + stubs + " cannot be read: " + e.getMessage());
        }
    }
}
