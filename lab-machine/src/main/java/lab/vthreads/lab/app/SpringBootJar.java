package lab.vthreads.lab.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * A user's Spring Boot executable jar, as its manifest and nested libraries describe it: checked before any JVM
 * starts, so that a wrong path or a plain jar is a clear message, not a JVM that exits with a class-path error.
 *
 * @param bootVersion the {@code Spring-Boot-Version} its build wrote
 * @param actuator    whether Spring Boot Actuator is among its libraries: then the lab waits on its health endpoint
 * @param postgresDriver whether PostgreSQL's JDBC driver is among its libraries, as the lab's database needs; true
 *                    also where it has no JDBC at all (no spring-jdbc): the lab's datasource properties then go unread
 * @param config      what its own configuration files say ({@link JarConfig})
 * @param server      the HTTP server among its libraries ({@link #SERVERS}), "Tomcat" for most; null where none is known
 */
public record SpringBootJar(Path path, String bootVersion, String startClass, boolean actuator, boolean postgresDriver, JarConfig config,
                            String server) {

    /** A jar whose libraries and configuration nobody looked into: nothing is said about them, Tomcat assumed as Boot's default. */
    public SpringBootJar(Path path, String bootVersion, String startClass, boolean actuator) {
        this(path, bootVersion, startClass, actuator, true, JarConfig.NONE, TOMCAT);
    }

    public static final String TOMCAT = "Tomcat";

    /**
     * The servers Spring Boot applications are served by, each by the library that carries it, Tomcat first: Spring Boot
     * starts Tomcat where it is there. Only Tomcat's threads are what {@code --tomcat-threads} sets and platform threads'
     * bound in the model; an application served by another (Armeria, an event-loop server of its own) has neither.
     */
    static final java.util.List<java.util.Map.Entry<String, String>> SERVERS = java.util.List.of(java.util.Map.entry(TOMCAT, "tomcat-embed-core"),
            java.util.Map.entry("Jetty", "jetty-server"), java.util.Map.entry("Undertow", "undertow-core"),
            java.util.Map.entry("Reactor Netty", "reactor-netty-http"), java.util.Map.entry("Armeria", "armeria"));

    /** Whether BOOT-INF/lib holds {@code artifact}-VERSION.jar (a version right after the name: not armeria-grpc for armeria). */
    private static boolean hasLibrary(java.util.List<String> entries, String artifact) {
        java.util.regex.Pattern library = java.util.regex.Pattern.compile("BOOT-INF/lib/" + java.util.regex.Pattern.quote(artifact) + "-\\d.*\\.jar");
        return entries.stream().anyMatch(name -> library.matcher(name).matches());
    }

    /** Served by Tomcat, whose threads the lab's thread factor sets (true where nobody looked: Boot's default). */
    public boolean tomcat() {
        return TOMCAT.equals(server);
    }

    /** {@code spring.threads.virtual.enabled} came with Spring Boot 3.2. */
    static final int[] OLDEST = {3, 2};

    /** @throws IllegalArgumentException saying what the file is not */
    public static SpringBootJar inspect(Path path) {
        Path jar = path.toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) throw new IllegalArgumentException("--app " + path + ": no such file");
        Manifest manifest;
        boolean actuator, postgres;
        JarConfig config;
        String server;
        try (JarFile file = new JarFile(jar.toFile())) {
            manifest = file.getManifest();
            java.util.List<String> entries = file.stream().map(java.util.zip.ZipEntry::getName).toList();
            actuator = hasLibrary(entries, "spring-boot-actuator");
            postgres = !hasLibrary(entries, "spring-jdbc") || hasLibrary(entries, "postgresql");
            config = JarConfig.read(file);
            server = SERVERS.stream().filter(each -> hasLibrary(entries, each.getValue())).map(java.util.Map.Entry::getKey).findFirst().orElse(null);
        } catch (IOException e) {
            throw new IllegalArgumentException("--app " + path + " is not a jar (" + e.getMessage() + ")");
        }
        Attributes main = manifest != null ? manifest.getMainAttributes() : new Attributes();
        String version = main.getValue("Spring-Boot-Version");
        String startClass = main.getValue("Start-Class");
        if (version == null || startClass == null) {
            throw new IllegalArgumentException("--app " + path + " is not a Spring Boot executable jar (its manifest has no "
                    + (version == null ? "Spring-Boot-Version" : "Start-Class") + "): build it with Spring Boot's Maven plugin (repackage, as mvn package "
                    + "does) or Gradle's bootJar");
        }
        if (!atLeast(version, OLDEST)) {
            throw new IllegalArgumentException("--app " + path + " is Spring Boot " + version + ": the lab needs 3.2 or newer, where "
                    + "spring.threads.virtual.enabled switches Tomcat and the task executors to virtual threads");
        }
        return new SpringBootJar(jar, version, startClass, actuator, postgres, config, server);
    }

    static boolean atLeast(String version, int[] oldest) {
        String[] parts = version.split("[.-]");
        for (int i = 0; i < oldest.length; i++) {
            int part;
            try {
                part = i < parts.length ? Integer.parseInt(parts[i]) : 0;
            } catch (NumberFormatException e) {
                return false;
            }
            if (part != oldest[i]) return part > oldest[i];
        }
        return true;
    }

    public String describe() {
        return path.getFileName() + " (Spring Boot " + bootVersion + ", " + startClass + (actuator ? ", Actuator" : ", no Actuator")
                + (server == null ? ", no server the lab knows" : ", " + server) + ")";
    }
}
