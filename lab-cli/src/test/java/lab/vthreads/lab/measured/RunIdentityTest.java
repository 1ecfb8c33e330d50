package lab.vthreads.lab.measured;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.SpringBootJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Two runs of one jar and scenario are repeats only when the lab handed the application the same things. */
class RunIdentityTest {

    private static final SpringBootJar JAR = new SpringBootJar(Path.of("/apps/shop.jar"), "4.0.3", "org.example.Shop", true);

    @TempDir
    Path dir;

    private static Application app(Map<String, String> properties, boolean labDatabase, Path stubs) {
        return new Application(JAR, properties, Map.of(), null, labDatabase, stubs, stubs == null ? null : "payments.base-url");
    }

    private Path stubs(String name, String body) throws IOException {
        Path root = dir.resolve(name);
        Files.createDirectories(root.resolve("mappings"));
        Files.writeString(root.resolve("mappings/pay.json"), body);
        return root;
    }

    @Test
    void theSameSetUpHashesTheSameWhateverTheOrderOfItsProperties() throws IOException {
        java.util.LinkedHashMap<String, String> ab = new java.util.LinkedHashMap<>(), ba = new java.util.LinkedHashMap<>();
        ab.put("a", "1");
        ab.put("b", "2");
        ba.put("b", "2");
        ba.put("a", "1");
        assertThat(RunIdentity.settingsHash(app(ab, true, stubs("s1", "{}")))).isEqualTo(RunIdentity.settingsHash(app(ba, true, stubs("s2", "{}"))));
    }

    @Test
    void anotherDatabasePropertyOrStubIsAnotherSetUp() throws IOException {
        String h2 = RunIdentity.settingsHash(app(Map.of(), false, null));
        String labDatabase = RunIdentity.settingsHash(app(Map.of(), true, null));
        String postgresProfile = RunIdentity.settingsHash(app(Map.of("spring.profiles.active", "postgres"), true, null));
        String fastStub = RunIdentity.settingsHash(app(Map.of(), true, stubs("fast", "{\"response\": {\"fixedDelayMilliseconds\": 10}}")));
        String slowStub = RunIdentity.settingsHash(app(Map.of(), true, stubs("slow", "{\"response\": {\"fixedDelayMilliseconds\": 150}}")));
        assertThat(java.util.Set.of(h2, labDatabase, postgresProfile, fastStub, slowStub)).hasSize(5);
    }
}
