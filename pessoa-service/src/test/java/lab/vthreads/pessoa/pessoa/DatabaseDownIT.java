package lab.vthreads.pessoa.pessoa;

import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PostgreSQL stops under a running service and starts again on its data: while it is down, requests get a 503
 * database-unavailable problem within the pool's connection timeout; once it is back they succeed again, with no
 * service restart and no row lost. The database is this test's own, so stopping it costs no other test anything.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.datasource.hikari.connection-timeout=2000",
        "spring.datasource.hikari.maximum-pool-size=4"})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DatabaseDownIT {

    static final Path DATA;
    static EmbeddedPostgresServer postgres;

    static {
        try {
            DATA = Files.createTempDirectory("database-down-");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        postgres = EmbeddedPostgresServer.start(0, DATA.resolve("data"), 50, false, "127.0.0.1");
    }

    @DynamicPropertySource
    static void ownDatabase(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", postgres::jdbcUrl);
        registry.add("spring.datasource.username", () -> EmbeddedPostgresServer.USER);
        registry.add("spring.datasource.password", () -> EmbeddedPostgresServer.PASSWORD);
        registry.add("lab.cep.base-url", () -> SharedInfrastructure.cep().baseUrl());
    }

    @AfterAll
    static void stopDatabase() {
        postgres.close();
    }

    @LocalServerPort
    int port;

    @Test
    void answers503WhileTheDatabaseIsDownAndRecoversWhenItIsBack() throws Exception {
        Http http = new Http("http://127.0.0.1:" + port);
        String before = Cpfs.next();
        assertThat(http.postJson("/v1/pessoas", Http.pessoa(before, "ANTES", "01001000")).status()).isEqualTo(201);
        int databasePort = postgres.port();

        postgres.close();
        long start = System.nanoTime();
        Http.Reply down = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "DURANTE", "01001000"));
        long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertThat(down.status()).isEqualTo(503);
        assertThat(down.header("Retry-After")).isEqualTo("1");
        assertThat(down.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:database-unavailable");
        // the pool's 2 s connection timeout, and the rest of the path, but nothing near Hikari's default 30 s
        assertThat(waitedMs).as("ms until the 503").isLessThan(15_000);

        postgres = EmbeddedPostgresServer.start(databasePort, DATA.resolve("data"), 50, true, "127.0.0.1");
        Http.Reply back = awaitCreated(http);

        assertThat(back.status()).isEqualTo(201);
        assertThat(http.get("/v1/pessoas/" + back.json().get("id").asLong()).status()).isEqualTo(200);
        assertThat(http.get("/v1/pessoas/count").json().get("count").asLong()).isEqualTo(2);
    }

    /** Hikari reconnects on its own; the first requests after the restart may still meet a closed connection. */
    private static Http.Reply awaitCreated(Http http) throws InterruptedException {
        Http.Reply reply = null;
        for (int attempt = 0; attempt < 30; attempt++) {
            reply = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "DEPOIS", "01001000"));
            if (reply.status() == 201) return reply;
            assertThat(reply.status()).as("while reconnecting: " + reply.body()).isEqualTo(503);
            Thread.sleep(500);
        }
        return reply;
    }
}
