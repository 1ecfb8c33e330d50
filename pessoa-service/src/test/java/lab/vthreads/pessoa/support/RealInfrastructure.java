package lab.vthreads.pessoa.support;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.cep.CepMockServer;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistrar;

import java.nio.file.Path;

/**
 * The real parts every integration test talks to: one embedded PostgreSQL and one in-process WireMock serving the
 * repository's {@code wiremock/} files, started once per test JVM and shared by every Spring context.
 * The CEP latency is {@code none} unless a test sets another and puts it back.
 */
@TestConfiguration(proxyBeanMethods = false)
public class RealInfrastructure {

    private static EmbeddedPostgresServer postgres;
    private static CepMockServer cep;

    public static synchronized EmbeddedPostgresServer postgres() {
        if (postgres == null) {
            postgres = EmbeddedPostgresServer.start(0, null, 100);
            Runtime.getRuntime().addShutdownHook(new Thread(postgres::close));
        }
        return postgres;
    }

    public static synchronized CepMockServer cep() {
        if (cep == null) {
            cep = CepMockServer.start(0, Path.of("..", "wiremock"), new CepLatency.None());
            Runtime.getRuntime().addShutdownHook(new Thread(cep::close));
        }
        return cep;
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
