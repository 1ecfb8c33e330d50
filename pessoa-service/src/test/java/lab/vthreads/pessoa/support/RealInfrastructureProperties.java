package lab.vthreads.pessoa.support;

import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistrar;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Points the service at the real parts every integration test shares ({@link SharedInfrastructure}: one embedded
 * PostgreSQL and one WireMock CEP API per test JVM).
 */
@TestConfiguration(proxyBeanMethods = false)
public class RealInfrastructureProperties {

    @Bean
    DynamicPropertyRegistrar realInfrastructureProperties() {
        return registry -> values().forEach((name, value) -> registry.add(name, () -> value));
    }

    /** The properties as values, also for a service started outside Spring's test context (GeneratedInputIT). */
    public static Map<String, Object> values() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("spring.datasource.url", SharedInfrastructure.postgres().jdbcUrl() + "?reWriteBatchedInserts=true");
        values.put("spring.datasource.username", EmbeddedPostgresServer.USER);
        values.put("spring.datasource.password", EmbeddedPostgresServer.PASSWORD);
        values.put("lab.cep.base-url", SharedInfrastructure.cep().baseUrl());
        return values;
    }
}
