package lab.vthreads.lab.stack;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.SpringBootJar;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each factor the lab knows, as the Spring property any Boot application reads. */
class ApplicationArgumentsTest {

    private static final SpringBootJar JAR = new SpringBootJar(Path.of("/apps/shop.jar"), "4.0.3", "org.example.Shop", true);
    private static final StackSettings.StackPorts PORTS = new StackSettings.StackPorts(18080, 19080, 18081, 19081, 18089, 15432);

    private static StackSettings settings(ThreadMode mode, Factors factors, Application app) {
        return new StackSettings(mode, factors, PORTS, Map.of(), null, Path.of("/lab"), Path.of("/lab/runs/x")).withApplication(app);
    }

    @Test
    void theLabsPortsAddressAndThreadModeAlways() {
        List<String> args = ApplicationArguments.of(settings(ThreadMode.VIRTUAL, Factors.NONE, plain(true)));
        assertThat(args).containsSubsequence("--server.port=18080", "--server.address=127.0.0.1", "--management.server.port=19080",
                "--management.server.address=127.0.0.1", "--spring.threads.virtual.enabled=true");
        assertThat(ApplicationArguments.of(settings(ThreadMode.PLATFORM, Factors.NONE, plain(true)))).contains("--spring.threads.virtual.enabled=false");
        // Unset factors keep the application's own defaults.
        assertThat(args).noneMatch(a -> a.startsWith("--server.tomcat.") || a.startsWith("--spring.datasource.hikari."));
    }

    @Test
    void tomcatThreadsAndThePoolAsSpringProperties() {
        List<String> args = ApplicationArguments.of(settings(ThreadMode.PLATFORM, Factors.builder().tomcatThreads(25).poolSize(7).poolTimeoutMs(1500).build(),
                plain(true)));
        assertThat(args).contains("--server.tomcat.threads.max=25", "--spring.datasource.hikari.maximum-pool-size=7",
                "--spring.datasource.hikari.connection-timeout=1500");
    }

    @Test
    void theLabsDatabaseOnlyWhenHandedOver() {
        assertThat(ApplicationArguments.of(settings(ThreadMode.VIRTUAL, Factors.NONE, plain(true))))
                .contains("--spring.datasource.url=jdbc:postgresql://127.0.0.1:15432/app", "--spring.datasource.username=postgres");
        assertThat(ApplicationArguments.of(settings(ThreadMode.VIRTUAL, Factors.NONE, plain(false)))).noneMatch(a -> a.startsWith("--spring.datasource."));
    }

    @Test
    void theStubsUrlUnderTheUsersPropertyAndTheUsersPropertiesFirst() throws Exception {
        Path stubs = java.nio.file.Files.createTempDirectory("stubs");
        java.nio.file.Files.createDirectories(stubs.resolve("mappings"));
        java.nio.file.Files.writeString(stubs.resolve("mappings/pay.json"), "{}");
        Map<String, String> own = new LinkedHashMap<>();
        own.put("spring.profiles.active", "postgres");
        Application app = new Application(JAR, own, Map.of(), null, true, stubs, "payments.base-url");
        List<String> args = ApplicationArguments.of(settings(ThreadMode.VIRTUAL, Factors.NONE, app));
        assertThat(args.getFirst()).isEqualTo("--spring.profiles.active=postgres");
        assertThat(args).contains("--payments.base-url=http://127.0.0.1:18089");
        // What the lab reads on the management port, unless the user says which endpoints (then theirs alone, not both joined).
        assertThat(args).contains("--management.endpoints.web.exposure.include=health,metrics,prometheus");
        Application exposing = new Application(JAR, Map.of("management.endpoints.web.exposure.include", "*"), Map.of(), null, true, null, null);
        assertThat(ApplicationArguments.of(settings(ThreadMode.VIRTUAL, Factors.NONE, exposing)))
                .filteredOn(a -> a.startsWith("--management.endpoints.web.exposure.include=")).containsExactly("--management.endpoints.web.exposure.include=*");
    }

    @Test
    void refusesWhatTheLabSetsAndWhatOnlyPessoaServiceReads() {
        assertThatThrownBy(() -> ApplicationArguments.check(settings(ThreadMode.VIRTUAL, Factors.NONE, withProperty("server.port", "9"))))
                .hasMessageContaining("--app-property server.port: the lab sets it");
        assertThatThrownBy(() -> ApplicationArguments.check(settings(ThreadMode.VIRTUAL, Factors.NONE, withProperty("server.tomcat.threads.max", "9"))))
                .hasMessageContaining("use --tomcat-threads");
        assertThatThrownBy(() -> ApplicationArguments.check(settings(ThreadMode.VIRTUAL, Factors.builder().cepLock("synchronized").build(), plain(true))))
                .hasMessageContaining("--cep-lock is a setting of the lab's own pessoa-service");
        ApplicationArguments.check(settings(ThreadMode.VIRTUAL, Factors.builder().tomcatThreads(4).build(), withProperty("spring.profiles.active", "x")));
    }

    private static Application plain(boolean labDatabase) {
        return new Application(JAR, Map.of(), Map.of(), null, labDatabase, null, null);
    }

    private static Application withProperty(String name, String value) {
        return new Application(JAR, Map.of(name, value), Map.of(), null, true, null, null);
    }
}
