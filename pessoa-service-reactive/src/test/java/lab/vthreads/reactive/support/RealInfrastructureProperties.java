package lab.vthreads.reactive.support;

import lab.vthreads.infra.testsupport.SharedInfrastructure;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistrar;

import java.util.Map;

/** Points the reactive service at the PostgreSQL and CEP API every integration test of this JVM shares. */
@TestConfiguration(proxyBeanMethods = false)
public class RealInfrastructureProperties {

    @Bean
    DynamicPropertyRegistrar realInfrastructureProperties() {
        return registry -> values().forEach((name, value) -> registry.add(name, () -> value));
    }

    /** The properties as values, also for a service started outside Spring's test context (GeneratedInputIT). */
    public static Map<String, Object> values() {
        return SharedInfrastructure.reactiveProperties();
    }
}
