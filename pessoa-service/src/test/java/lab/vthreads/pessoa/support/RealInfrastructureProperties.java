package lab.vthreads.pessoa.support;

import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistrar;

/**
 * Points the service at the real parts every integration test shares ({@link SharedInfrastructure}: one embedded
 * PostgreSQL and one WireMock CEP API per test JVM).
 */
@TestConfiguration(proxyBeanMethods = false)
public class RealInfrastructureProperties {

    @Bean
    DynamicPropertyRegistrar realInfrastructureProperties() {
        return registry -> {
            registry.add("spring.datasource.url", () -> SharedInfrastructure.postgres().jdbcUrl() + "?reWriteBatchedInserts=true");
            registry.add("spring.datasource.username", () -> EmbeddedPostgresServer.USER);
            registry.add("spring.datasource.password", () -> EmbeddedPostgresServer.PASSWORD);
            registry.add("lab.cep.base-url", () -> SharedInfrastructure.cep().baseUrl());
        };
    }
}
