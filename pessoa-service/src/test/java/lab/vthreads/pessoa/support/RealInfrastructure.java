package lab.vthreads.pessoa.support;

import lab.vthreads.infra.SharedInfrastructure;
import lab.vthreads.infra.cep.CepMockServer;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistrar;

import java.nio.file.Path;

/**
 * The real parts every integration test talks to: one embedded PostgreSQL and one in-process WireMock serving the
 * repository's {@code wiremock/} files, shared by every Spring context in the test JVM.
 */
@TestConfiguration(proxyBeanMethods = false)
public class RealInfrastructure {

    public static EmbeddedPostgresServer postgres() {
        return SharedInfrastructure.postgres();
    }

    public static CepMockServer cep() {
        return SharedInfrastructure.cep(Path.of("..", "wiremock"));
    }

    @Bean
    DynamicPropertyRegistrar realInfrastructureProperties() {
        return registry -> {
            registry.add("spring.datasource.url", () -> postgres().jdbcUrl() + "?reWriteBatchedInserts=true");
            registry.add("spring.datasource.username", () -> EmbeddedPostgresServer.USER);
            registry.add("spring.datasource.password", () -> EmbeddedPostgresServer.PASSWORD);
            registry.add("lab.cep.base-url", () -> cep().baseUrl());
        };
    }
}
