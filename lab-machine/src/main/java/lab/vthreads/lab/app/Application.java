package lab.vthreads.lab.app;

import lab.vthreads.lab.fingerprint.Fingerprints;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
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
        if (labDatabase) requireWorksWithPostgres(jar, properties);
    }

    /**
     * What tells this set-up from another, the same on any machine: its jar by its content, then what the lab hands it
     * (database, properties, environment, health path, stubs by their content). The same jar on H2 and on PostgreSQL, or
     * behind other stubs, is another set-up. Properties and environment are sorted by name: the maps' own order
     * ({@code Map.copyOf}) changes from one JVM to the next, and with it every fingerprint built from them.
     */
    public String identity() {
        return "app " + Fingerprints.content(jar.path()) + " settings " + Fingerprints.hash(settings(), 16);
    }

    private String settings() {
        StringBuilder text = new StringBuilder("database ").append(labDatabase ? "lab" : "own");
        new java.util.TreeMap<>(properties).forEach((k, v) -> text.append("\nproperty ").append(k).append('=').append(v));
        new java.util.TreeMap<>(environment).forEach((k, v) -> text.append("\nenv ").append(k).append('=').append(v));
        text.append("\nhealth ").append(healthPath).append("\nstub url ").append(stubUrlProperty);
        if (stubs != null) {
            try (Stream<Path> files = Files.walk(stubs)) {
                files.filter(Files::isRegularFile).sorted().forEach(f -> text.append("\nstub ").append(stubs.relativize(f)).append(' ')
                        .append(Fingerprints.content(f)));
            } catch (IOException e) {
                text.append("\nstubs unreadable");
            }
        }
        return text.toString();
    }

    /** The embedded JDBC drivers a database URL of the lab's cannot go through. */
    private static final List<String> EMBEDDED_DRIVERS = List.of("org.h2.Driver", "org.hsqldb.jdbc.JDBCDriver", "org.hsqldb.jdbcDriver",
            "org.apache.derby.jdbc.EmbeddedDriver", "org.apache.derby.iapi.jdbc.AutoloadedDriver");

    /**
     * With the lab's PostgreSQL, what certainly fails at start is refused before it: a jar without PostgreSQL's driver, or
     * active profiles that name an embedded driver (the lab's URL replaces the application's, its driver class stays).
     */
    private static void requireWorksWithPostgres(SpringBootJar jar, Map<String, String> properties) {
        String name = jar.path().getFileName().toString();
        if (!jar.postgresDriver()) {
            throw new IllegalArgumentException("--app " + name + " has no PostgreSQL JDBC driver among its libraries, and --app-database lab (the default) "
                    + "hands it the lab's PostgreSQL: use --app-database own for the database it brings (an in-memory H2, or a URL among --app-property)");
        }
        List<String> profiles = activeProfiles(jar, properties);
        String driver = properties.getOrDefault("spring.datasource.driver-class-name", jar.config().with(profiles).get("spring.datasource.driver-class-name"));
        if (driver != null && EMBEDDED_DRIVERS.contains(driver.trim())) {
            List<String> postgres = jar.config().profilesWhere(p -> p.getOrDefault("spring.datasource.url", "").startsWith("jdbc:postgresql:"));
            throw new IllegalArgumentException("--app " + name + " with the profiles " + (profiles.isEmpty() ? "it runs by default (none named)" : profiles)
                    + " sets spring.datasource.driver-class-name=" + driver.trim() + ", an embedded database, and --app-database lab (the default) hands it "
                    + "the lab's PostgreSQL: use --app-database own to keep it" + (postgres.isEmpty() ? ""
                    : ", or its PostgreSQL profile with --app-property spring.profiles.active=" + String.join(",", postgres)));
        }
    }

    /** The profiles the application will run with: the ones given as a property, else its own default list. */
    private static List<String> activeProfiles(SpringBootJar jar, Map<String, String> properties) {
        String given = properties.get("spring.profiles.active");
        return given != null ? JarConfig.list(given) : jar.config().defaultProfiles();
    }

    /**
     * What the lab should tell the user before it starts the application: a {@code spring.profiles.active} of theirs
     * replaces the list in the application's own configuration, which it may need (its repositories, its queries).
     */
    public List<String> notes() {
        List<String> notes = new java.util.ArrayList<>();
        droppedProfiles().ifPresent(notes::add);
        if (labDatabase) replacedEmbeddedDatabase().ifPresent(notes::add);
        return notes;
    }

    private java.util.Optional<String> droppedProfiles() {
        String given = properties.get("spring.profiles.active");
        List<String> own = jar.config().defaultProfiles();
        if (given == null || own.isEmpty()) return java.util.Optional.empty();
        List<String> dropped = own.stream().filter(p -> !JarConfig.list(given).contains(p)).toList();
        if (dropped.isEmpty()) return java.util.Optional.empty();
        List<String> both = new java.util.ArrayList<>(own);
        JarConfig.list(given).stream().filter(p -> !both.contains(p)).forEach(both::add);
        return java.util.Optional.of("--app-property spring.profiles.active=" + given + " replaces the application's own list (" + String.join(",", own)
                + "), so " + String.join(", ", dropped) + " will not be active; if it needs them, give --app-property spring.profiles.active="
                + String.join(",", both) + " (or spring.profiles.include to add to its list)");
    }

    /** The URL prefixes of databases that live in the application's own process or files. */
    private static final List<String> EMBEDDED_URLS = List.of("jdbc:h2:", "jdbc:hsqldb:", "jdbc:derby:", "jdbc:sqlite:");

    /**
     * The lab's URL replaces an embedded database's: Spring then picks PostgreSQL's driver, but an application that also
     * chooses its SQL by a setting of its own (a Hibernate dialect, a persistence type) keeps that choice, and fails at
     * start or at its first query. Not refused: many applications need nothing more.
     */
    private java.util.Optional<String> replacedEmbeddedDatabase() {
        List<String> profiles = activeProfiles(jar, properties);
        String url = jar.config().with(profiles).get("spring.datasource.url");
        if (url == null || EMBEDDED_URLS.stream().noneMatch(url.trim()::startsWith)) return java.util.Optional.empty();
        return java.util.Optional.of("the application's own database is " + url.trim() + " (spring.datasource.url"
                + (profiles.isEmpty() ? "" : ", profiles " + String.join(",", profiles)) + "), and --app-database lab (the default) hands it the lab's "
                + "PostgreSQL instead: where it also chooses its SQL by a setting of its own (a dialect, a persistence type), give that setting "
                + "PostgreSQL's value with --app-property, or keep its own database with --app-database own");
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
