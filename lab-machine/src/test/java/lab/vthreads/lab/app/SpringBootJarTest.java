package lab.vthreads.lab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SpringBootJarTest {

    @TempDir
    Path dir;

    private Path jar(String bootVersion, String startClass, String... entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (bootVersion != null) manifest.getMainAttributes().putValue("Spring-Boot-Version", bootVersion);
        if (startClass != null) manifest.getMainAttributes().putValue("Start-Class", startClass);
        Path jar = dir.resolve("app-" + bootVersion + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            for (String entry : entries) {
                j.putNextEntry(new JarEntry(entry));
                j.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void readsTheBootVersionStartClassAndActuator() throws IOException {
        SpringBootJar jar = SpringBootJar.inspect(jar("4.0.3", "org.example.App", "BOOT-INF/lib/spring-boot-actuator-4.0.3.jar"));
        assertThat(jar.bootVersion()).isEqualTo("4.0.3");
        assertThat(jar.startClass()).isEqualTo("org.example.App");
        assertThat(jar.actuator()).isTrue();
        assertThat(SpringBootJar.inspect(jar("3.2.0", "org.example.App", "BOOT-INF/lib/spring-boot-actuator-autoconfigure-3.2.0.jar")).actuator())
                .as("the autoconfigure jar alone is not Actuator").isFalse();
    }

    @Test
    void namesTheServerItsLibrariesCarryTomcatFirst() throws IOException {
        assertThat(SpringBootJar.inspect(jar("3.5.0", "org.example.App", "BOOT-INF/lib/tomcat-embed-core-10.1.40.jar")).server()).isEqualTo("Tomcat");
        // Armeria's Spring Boot starter next to its own server and Netty: not Tomcat, so no Tomcat thread bound.
        SpringBootJar armeria = SpringBootJar.inspect(jar("3.5.12", "zipkin.server.ZipkinServer", "BOOT-INF/lib/armeria-spring-boot3-autoconfigure-1.38.0.jar",
                "BOOT-INF/lib/armeria-1.38.0.jar", "BOOT-INF/lib/netty-codec-http-4.2.12.Final.jar"));
        assertThat(armeria.server()).isEqualTo("Armeria");
        assertThat(armeria.tomcat()).isFalse();
        assertThat(armeria.describe()).endsWith(", no Actuator, Armeria)");
        // Where WebFlux brings Reactor Netty beside a servlet container, Spring Boot starts the servlet container.
        assertThat(SpringBootJar.inspect(jar("4.0.0", "org.example.App", "BOOT-INF/lib/reactor-netty-http-1.3.0.jar",
                "BOOT-INF/lib/tomcat-embed-core-11.0.0.jar")).server()).isEqualTo("Tomcat");
        assertThat(SpringBootJar.inspect(jar("4.0.1", "org.example.App", "BOOT-INF/lib/jetty-server-12.1.0.jar")).server()).isEqualTo("Jetty");
        assertThat(SpringBootJar.inspect(jar("4.0.2", "org.example.App")).server()).isNull();
    }

    @Test
    void refusesWhatIsNotASpringBoot32OrNewerExecutableJar() throws IOException {
        assertThatThrownBy(() -> SpringBootJar.inspect(dir.resolve("missing.jar"))).hasMessageContaining("missing.jar: no such file");
        Path text = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        assertThatThrownBy(() -> SpringBootJar.inspect(text)).hasMessageContaining("is not a jar");
        Path plain = jar(null, null);
        assertThatThrownBy(() -> SpringBootJar.inspect(plain)).hasMessageContaining("is not a Spring Boot executable jar (its manifest has no Spring-Boot-Version)");
        Path old = jar("3.1.5", "org.example.App");
        assertThatThrownBy(() -> SpringBootJar.inspect(old)).hasMessageContaining("is Spring Boot 3.1.5: the lab needs 3.2 or newer");
        assertThat(SpringBootJar.inspect(jar("3.2.0-RC1", "org.example.App")).bootVersion()).isEqualTo("3.2.0-RC1");
    }

    @Test
    void anApplicationWithoutActuatorNeedsNothingButItsPortAndStubsNeedTheirProperty() throws IOException {
        SpringBootJar bare = SpringBootJar.inspect(jar("4.0.0", "org.example.App", "BOOT-INF/lib/postgresql-42.7.8.jar"));
        // No health path: its port answering is the sign it is up (Readiness).
        assertThat(new Application(bare, java.util.Map.of(), java.util.Map.of(), null, true, null, null).healthPath()).isNull();
        assertThat(new Application(bare, java.util.Map.of(), java.util.Map.of(), "/", true, null, null).healthPath()).isEqualTo("/");
        Path stubs = Files.createDirectories(dir.resolve("stubs/mappings"));
        assertThatThrownBy(() -> new Application(bare, java.util.Map.of(), java.util.Map.of(), "/", true, stubs.getParent(), "payments.url"))
                .hasMessageContaining("has no WireMock stubs");
        Files.writeString(stubs.resolve("pay.json"), "{}");
        assertThatThrownBy(() -> new Application(bare, java.util.Map.of(), java.util.Map.of(), "/", true, stubs.getParent(), null))
                .hasMessageContaining("--stubs needs --stub-url-property");
        assertThat(new Application(bare, java.util.Map.of(), java.util.Map.of(), "/", true, stubs.getParent(), "payments.url").stubs()).isEqualTo(stubs.getParent());
    }
}
