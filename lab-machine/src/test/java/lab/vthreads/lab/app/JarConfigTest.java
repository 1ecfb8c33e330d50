package lab.vthreads.lab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a user's jar configures for itself, read from real jars with the configuration files applications ship, and
 * what the lab then says before it starts one: a profile list it replaces, a database it cannot hand over.
 */
class JarConfigTest {

    @TempDir
    Path dir;

    /** A Spring Boot jar with these files under BOOT-INF/classes/ (by name), and these libraries. */
    private SpringBootJar jar(Map<String, String> classes, String... libraries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Spring-Boot-Version", "4.0.3");
        manifest.getMainAttributes().putValue("Start-Class", "org.example.Clinic");
        Path jar = dir.resolve("clinic-" + classes.hashCode() + "-" + libraries.length + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            for (Map.Entry<String, String> file : classes.entrySet()) {
                j.putNextEntry(new JarEntry("BOOT-INF/classes/" + file.getKey()));
                j.write(file.getValue().getBytes(StandardCharsets.UTF_8));
                j.closeEntry();
            }
            for (String library : libraries) {
                j.putNextEntry(new JarEntry("BOOT-INF/lib/" + library));
                j.closeEntry();
            }
        }
        return SpringBootJar.inspect(jar);
    }

    private static Map<String, String> files(String... nameThenText) {
        Map<String, String> files = new LinkedHashMap<>();
        for (int i = 0; i < nameThenText.length; i += 2) files.put(nameThenText[i], nameThenText[i + 1]);
        return files;
    }

    @Test
    void readsPropertiesYamlProfileFilesAndProfileDocuments() throws IOException {
        SpringBootJar jar = jar(files(
                "application.yml", """
                        spring:
                          profiles:
                            active: [jpa, local]
                          datasource:
                            driver-class-name: org.h2.Driver
                        ---
                        spring:
                          config:
                            activate:
                              on-profile: postgres
                          datasource:
                            url: jdbc:postgresql://db:5432/clinic
                            driver-class-name: org.postgresql.Driver
                        """,
                "application-mysql.properties", "spring.datasource.url=jdbc:mysql://db/clinic\n",
                "messages.properties", "greeting=hello\n"), "postgresql-42.7.8.jar");

        JarConfig config = jar.config();

        assertThat(config.defaultProfiles()).containsExactly("jpa", "local");
        assertThat(config.with(List.of()).get("spring.datasource.driver-class-name")).isEqualTo("org.h2.Driver");
        assertThat(config.with(List.of("postgres")).get("spring.datasource.driver-class-name")).isEqualTo("org.postgresql.Driver");
        assertThat(config.profilesWhere(p -> p.getOrDefault("spring.datasource.url", "").startsWith("jdbc:postgresql:"))).containsExactly("postgres");
        assertThat(config.byProfile()).containsOnlyKeys("", "postgres", "mysql");
    }

    @Test
    void anEmbeddedDriverInTheActiveProfilesIsRefusedWithTheLabsDatabaseAndNamesTheWayOut() throws IOException {
        SpringBootJar jar = jar(files(
                "application.properties", "spring.datasource.driver-class-name=org.h2.Driver\n",
                "application-postgres.properties", "spring.datasource.url=jdbc:postgresql://localhost/clinic\nspring.datasource.driver-class-name=org.postgresql.Driver\n"),
                "postgresql-42.7.8.jar", "h2-2.3.232.jar");

        assertThatThrownBy(() -> new Application(jar, Map.of(), Map.of(), null, true, null, null))
                .hasMessageContaining("sets spring.datasource.driver-class-name=org.h2.Driver")
                .hasMessageContaining("--app-database own").hasMessageContaining("--app-property spring.profiles.active=postgres");
        // Its own database, or its PostgreSQL profile: nothing to refuse.
        assertThat(new Application(jar, Map.of(), Map.of(), null, false, null, null).labDatabase()).isFalse();
        assertThat(new Application(jar, Map.of("spring.profiles.active", "postgres"), Map.of(), null, true, null, null).labDatabase()).isTrue();
    }

    @Test
    void aJarWithoutPostgresDriverCannotTakeTheLabsDatabase() throws IOException {
        SpringBootJar jar = jar(files("application.properties", "server.port=8080\n"), "spring-jdbc-7.0.3.jar", "h2-2.3.232.jar");

        assertThatThrownBy(() -> new Application(jar, Map.of(), Map.of(), null, true, null, null))
                .hasMessageContaining("has no PostgreSQL JDBC driver").hasMessageContaining("--app-database own");
        // No JDBC at all: the lab's datasource properties go unread, and nothing is refused.
        SpringBootJar noDatabase = jar(files("application.properties", "server.port=8081\n"), "spring-webmvc-7.0.3.jar");
        assertThat(new Application(noDatabase, Map.of(), Map.of(), null, true, null, null).labDatabase()).isTrue();
    }

    @Test
    void aProfileListGivenReplacesTheApplicationsOwnAndTheNoteSaysWhatToGiveInstead() throws IOException {
        SpringBootJar jar = jar(files("application.properties", "spring.profiles.active=jpa\n"), "postgresql-42.7.8.jar");

        List<String> notes = new Application(jar, Map.of("spring.profiles.active", "postgres"), Map.of(), null, true, null, null).notes();

        assertThat(notes).singleElement().asString().contains("replaces the application's own list (jpa)")
                .contains("spring.profiles.active=jpa,postgres");
        assertThat(new Application(jar, Map.of("spring.profiles.active", "jpa,postgres"), Map.of(), null, true, null, null).notes()).isEmpty();
        assertThat(new Application(jar, Map.of(), Map.of(), null, true, null, null).notes()).isEmpty();
    }

    @Test
    void anEmbeddedDatabaseUrlTheLabsReplacesIsSaidWithWhatElseMayNeedChanging() throws IOException {
        // Conductor's way: SQLite by URL alone (no driver class to refuse), and a persistence type of its own beside it.
        SpringBootJar jar = jar(files("application.properties", "spring.datasource.url=jdbc:sqlite:c123.db?busy_timeout=15000\nconductor.db.type=sqlite\n",
                "application-pg.properties", "spring.datasource.url=jdbc:postgresql://db/conductor\n"), "postgresql-42.7.8.jar", "sqlite-jdbc-3.49.1.0.jar");

        assertThat(new Application(jar, Map.of(), Map.of(), null, true, null, null).notes()).singleElement().asString()
                .contains("own database is jdbc:sqlite:c123.db?busy_timeout=15000 (spring.datasource.url)", "--app-database own", "--app-property");
        // Its own database kept, or a profile of its that names PostgreSQL: nothing replaced, nothing said.
        assertThat(new Application(jar, Map.of(), Map.of(), null, false, null, null).notes()).isEmpty();
        assertThat(new Application(jar, Map.of("spring.profiles.active", "pg"), Map.of(), null, true, null, null).notes()).isEmpty();
    }
}
