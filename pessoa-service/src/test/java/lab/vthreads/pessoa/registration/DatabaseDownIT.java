package lab.vthreads.pessoa.registration;

import lab.vthreads.contract.suite.DatabaseDownContract;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The contract's database outage, against pessoa-service: Hikari's pool of 4, 2 s connection timeout. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.datasource.hikari.connection-timeout=2000",
        "spring.datasource.hikari.maximum-pool-size=4"})
class DatabaseDownIT extends DatabaseDownContract {

    @DynamicPropertySource
    static void ownDatabase(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", postgres::jdbcUrl);
        registry.add("spring.datasource.username", () -> EmbeddedPostgresServer.USER);
        registry.add("spring.datasource.password", () -> EmbeddedPostgresServer.PASSWORD);
        registry.add("lab.cep.base-url", () -> SharedInfrastructure.cep().baseUrl());
    }
}
