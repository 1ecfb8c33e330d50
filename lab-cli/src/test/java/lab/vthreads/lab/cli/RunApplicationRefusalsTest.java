package lab.vthreads.lab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * `./lab run --app` refuses what it cannot measure before anything starts or is written: exit 2, one line saying why,
 * and no results folder.
 */
class RunApplicationRefusalsTest {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private record Outcome(int exit, String err) {
    }

    private Outcome run(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream before = System.err;
        System.setErr(new PrintStream(err, true));
        try {
            String[] all = new String[args.length + 5];
            all[0] = "run";
            all[1] = "--home";
            all[2] = HOME.toString();
            all[3] = "--results";
            all[4] = dir.resolve("results").toString();
            System.arraycopy(args, 0, all, 5, args.length);
            return new Outcome(lab.vthreads.lab.LabMain.commandLine().execute(all), err.toString());
        } finally {
            System.setErr(before);
        }
    }

    private Path bootJar() throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Spring-Boot-Version", "4.0.3");
        manifest.getMainAttributes().putValue("Start-Class", "org.example.Shop");
        Path jar = dir.resolve("shop.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            for (String library : new String[] {"spring-boot-actuator-4.0.3.jar", "postgresql-42.7.8.jar"}) {
                j.putNextEntry(new JarEntry("BOOT-INF/lib/" + library));
                j.closeEntry();
            }
        }
        return jar;
    }

    private Path scenario(String yaml) throws IOException {
        return Files.writeString(dir.resolve("scenario.yaml"), yaml);
    }

    @Test
    void anApplicationNeedsAScenarioThatReads() throws IOException {
        String jar = bootJar().toString();
        assertThat(run("--app", jar)).satisfies(o -> {
            assertThat(o.exit()).isEqualTo(2);
            assertThat(o.err()).contains("--app needs --scenario FILE");
        });
        Path bad = scenario("scenarios:\n  - flow:\n      - get: {url: /shop, expects: 200}\n");
        assertThat(run("--app", jar, "--scenario", bad.toString())).satisfies(o -> {
            assertThat(o.exit()).isEqualTo(2);
            assertThat(o.err()).contains("scenario.yaml:3: 'expects': unknown key in a request");
        });
        assertThat(Files.exists(dir.resolve("results"))).isFalse();
    }

    @Test
    void refusesThePresetsAndFactorsOfTheLabsOwnService() throws IOException {
        String jar = bootJar().toString(), ok = scenario("scenarios:\n  - flow: [{get: /shop}]\n").toString();
        assertThat(run("--app", jar, "--scenario", ok, "--preset", "pool").err()).contains("preset pool runs CreatePessoaSimulation");
        assertThat(run("--app", jar, "--scenario", ok, "--cep-lock", "synchronized").err()).contains("--cep-lock is a setting of the lab's own pessoa-service");
        assertThat(run("--app", jar, "--scenario", ok, "--app-property", "server.port=1").err()).contains("--app-property server.port: the lab sets it");
        assertThat(run("--scenario", ok)).satisfies(o -> {
            assertThat(o.exit()).isEqualTo(2);
            assertThat(o.err()).contains("--scenario goes with --app JAR");
        });
        assertThat(run("--app", dir.resolve("missing.jar").toString(), "--scenario", ok).err()).contains("missing.jar: no such file");
        assertThat(Files.exists(dir.resolve("results"))).isFalse();
    }
}
