package lab.vthreads.reactive.support;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistrar;

/** Points the reactive service at the PostgreSQL and CEP API every integration test of this JVM shares. */
@TestConfiguration(proxyBeanMethods = false)
public class RealInfrastructureProperties {

    @Bean
    DynamicPropertyRegistrar realInfrastructureProperties() {
        return registry -> {
            String jdbcUrl = SharedInfrastructure.postgres().jdbcUrl();
            registry.add("spring.r2dbc.url", () -> "r2dbc:" + jdbcUrl.substring("jdbc:".length()));
            registry.add("spring.r2dbc.username", () -> EmbeddedPostgresServer.USER);
            registry.add("spring.r2dbc.password", () -> EmbeddedPostgresServer.PASSWORD);
            registry.add("spring.flyway.url", () -> jdbcUrl);
            registry.add("spring.flyway.user", () -> EmbeddedPostgresServer.USER);
            registry.add("spring.flyway.password", () -> EmbeddedPostgresServer.PASSWORD);
            registry.add("lab.cep.base-url", () -> SharedInfrastructure.cep().baseUrl());
        };
    }
}
