package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.Readiness;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.SpringBootJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The lab's own services and a user's jar, described the same way: the same properties for the same factors. */
class SpringServicesTest {

    private static final StackSettings.StackPorts PORTS = new StackSettings.StackPorts(18080, 19080, 18081, 19081, 18089, 15432);
    private static final Factors FACTORS = Factors.builder().tomcatThreads(25).poolSize(7).poolTimeoutMs(1500).build();

    private static StackSettings settings(Path home, ThreadMode mode) throws Exception {
        for (String module : List.of("pessoa-service", "gateway-service")) {
            Files.createDirectories(home.resolve(module).resolve("target"));
            Files.writeString(home.resolve(module).resolve("target").resolve(module + "-0.1.0.jar"), "");
        }
        return new StackSettings(mode, FACTORS, PORTS, Map.of(), null, home, home.resolve("runs/x"));
    }

    @Test
    void theLabsServicesGetTheFactorsAsTheSameSpringPropertiesAsAUsersJar(@TempDir Path home) throws Exception {
        StackSettings lab = settings(home, ThreadMode.PLATFORM);
        List<SpringService> services = SpringServices.of(lab);
        assertThat(services).extracting(SpringService::component).containsExactly(StackSettings.Component.PESSOA, StackSettings.Component.GATEWAY);
        SpringService pessoa = services.get(0), gateway = services.get(1);
        Application app = new Application(new SpringBootJar(Path.of("/apps/shop.jar"), "4.0.3", "org.example.Shop", true), Map.of(), Map.of(), null,
                true, null, null);
        SpringService user = SpringServices.of(lab.withApplication(app)).getFirst();

        // The gateway stands where a user's application stands: the same ports, address, threads, in the same words.
        for (String common : List.of("--server.port=18080", "--server.address=127.0.0.1", "--management.server.port=19080",
                "--spring.threads.virtual.enabled=false", "--server.tomcat.threads.max=25")) {
            assertThat(gateway.arguments()).contains(common);
            assertThat(user.arguments()).contains(common);
        }
        // pessoa-service's pool and database as the user's, then its own switches.
        assertThat(pessoa.arguments()).contains("--server.port=18081", "--spring.datasource.hikari.maximum-pool-size=7",
                "--spring.datasource.hikari.connection-timeout=1500", "--lab.cep.base-url=http://127.0.0.1:18089", "--lab.cep.lookup-inside-transaction=false");
        assertThat(user.arguments()).contains("--spring.datasource.hikari.maximum-pool-size=7", "--spring.datasource.hikari.connection-timeout=1500",
                "--spring.datasource.url=jdbc:postgresql://127.0.0.1:15432/app");
        assertThat(pessoa.arguments()).anyMatch(a -> a.startsWith("--spring.datasource.url=jdbc:postgresql://127.0.0.1:15432/") && a.endsWith("reWriteBatchedInserts=true"));
        assertThat(gateway.arguments()).contains("--lab.gateway.pessoa-url=http://127.0.0.1:18081").noneMatch(a -> a.startsWith("--spring.datasource."));

        // Only what the lab knows the start-up of gets an AOT cache unless the launch factor asks; each is awaited on its own health.
        assertThat(pessoa.launch()).isEqualTo(Launch.AOT);
        assertThat(user.launch()).isEqualTo(Launch.JAR);
        assertThat(pessoa.readiness().describe()).isEqualTo("GET http://127.0.0.1:19081/actuator/health answering 200");
        // A user's application with Actuator: its health, or any answer on its own port where the health endpoint
        // answers otherwise (behind security, not exposed).
        assertThat(user.readiness().describe()).isEqualTo(Readiness.healthOrPort(
                "http://127.0.0.1:19080/actuator/health", "http://127.0.0.1:18080/").describe());
        assertThat(user.jar()).isEqualTo(Path.of("/apps/shop.jar"));
    }

    @Test
    void anotherHikariCpGoesAheadOfTheJarsOwn(@TempDir Path home) throws Exception {
        StackSettings lab = settings(home, ThreadMode.VIRTUAL);
        Files.createDirectories(home.resolve("pessoa-service/target/hikari"));
        Files.writeString(home.resolve("pessoa-service/target/hikari/HikariCP-6.3.0.jar"), "");
        StackSettings other = new StackSettings(ThreadMode.VIRTUAL, FACTORS.overriddenBy(Factors.builder().hikariCp("6.3.0").build()), PORTS, Map.of(), null,
                home, home.resolve("runs/x"));

        SpringService pessoa = SpringServices.of(other, StackSettings.Component.PESSOA);

        assertThat(pessoa.classpathAhead()).isEqualTo(home.resolve("pessoa-service/target/hikari/HikariCP-6.3.0.jar"));
        assertThat(SpringServices.of(lab, StackSettings.Component.PESSOA).classpathAhead()).isNull();
        assertThat(pessoa.arguments()).contains("--spring.threads.virtual.enabled=true");
    }
}
