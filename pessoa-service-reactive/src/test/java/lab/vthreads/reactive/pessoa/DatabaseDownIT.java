package lab.vthreads.reactive.pessoa;

import lab.vthreads.contract.suite.DatabaseDownContract;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.reactive.support.NothingBlocksAnEventLoop;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The contract's database outage, against the reactive service: r2dbc-pool of 4, 2 s max-acquire-time. */
@ExtendWith(NothingBlocksAnEventLoop.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.r2dbc.pool.max-acquire-time=2s",
        "spring.r2dbc.pool.initial-size=4",
        "spring.r2dbc.pool.max-size=4"})
class DatabaseDownIT extends DatabaseDownContract {

    @DynamicPropertySource
    static void ownDatabase(DynamicPropertyRegistry registry) {
        registry.add("spring.r2dbc.url", () -> "r2dbc:" + postgres.jdbcUrl().substring("jdbc:".length()));
        registry.add("spring.r2dbc.username", () -> EmbeddedPostgresServer.USER);
        registry.add("spring.r2dbc.password", () -> EmbeddedPostgresServer.PASSWORD);
        registry.add("spring.flyway.url", postgres::jdbcUrl);
        registry.add("spring.flyway.user", () -> EmbeddedPostgresServer.USER);
        registry.add("spring.flyway.password", () -> EmbeddedPostgresServer.PASSWORD);
        registry.add("lab.cep.base-url", () -> SharedInfrastructure.cep().baseUrl());
    }
}
