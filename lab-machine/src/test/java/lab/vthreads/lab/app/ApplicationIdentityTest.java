package lab.vthreads.lab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Two runs of one jar are repeats only when the lab handed the application the same things. */
class ApplicationIdentityTest {

    @TempDir
    Path dir;

    private Path jar;

    private Application app(Map<String, String> properties, boolean labDatabase, Path stubs) throws IOException {
        if (jar == null) jar = Files.write(dir.resolve("shop.jar"), new byte[]{1, 2, 3});
        return new Application(new SpringBootJar(jar, "4.0.3", "org.example.Shop", true), properties, Map.of(), null, labDatabase, stubs,
                stubs == null ? null : "payments.base-url");
    }

    private Path stubs(String name, String body) throws IOException {
        Path root = dir.resolve(name);
        Files.createDirectories(root.resolve("mappings"));
        Files.writeString(root.resolve("mappings/pay.json"), body);
        return root;
    }

    @Test
    void theSameSetUpIsTheSameWhateverTheOrderOfItsPropertiesOrWhereItsStubsLie() throws IOException {
        java.util.LinkedHashMap<String, String> ab = new java.util.LinkedHashMap<>(), ba = new java.util.LinkedHashMap<>();
        ab.put("a", "1");
        ab.put("b", "2");
        ba.put("b", "2");
        ba.put("a", "1");
        assertThat(app(ab, true, stubs("s1", "{}")).identity()).isEqualTo(app(ba, true, stubs("s2", "{}")).identity());
    }

    @Test
    void anotherDatabasePropertyOrStubIsAnotherSetUp() throws IOException {
        String h2 = app(Map.of(), false, null).identity();
        String labDatabase = app(Map.of(), true, null).identity();
        String postgresProfile = app(Map.of("spring.profiles.active", "postgres"), true, null).identity();
        String fastStub = app(Map.of(), true, stubs("fast", "{\"response\": {\"fixedDelayMilliseconds\": 10}}")).identity();
        String slowStub = app(Map.of(), true, stubs("slow", "{\"response\": {\"fixedDelayMilliseconds\": 150}}")).identity();
        assertThat(java.util.Set.of(h2, labDatabase, postgresProfile, fastStub, slowStub)).hasSize(5);
    }

    @Test
    void anotherBuildOfTheJarIsAnotherSetUpAndTheSameBytesElsewhereAreNot() throws IOException {
        String before = app(Map.of(), true, null).identity();
        Path copy = Files.copy(jar, dir.resolve("elsewhere.jar"));
        Application moved = new Application(new SpringBootJar(copy, "4.0.3", "org.example.Shop", true), Map.of(), Map.of(), null, true, null, null);
        assertThat(moved.identity()).isEqualTo(before);

        // Another build: other bytes, and so (as a rebuild's are) another size or time, which is what tells a file's versions apart.
        Files.write(jar, new byte[]{1, 2, 3, 4});
        assertThat(app(Map.of(), true, null).identity()).isNotEqualTo(before);
    }
}
