package lab.vthreads.contract.suite;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PostgreSQL stops under a running service and starts again on its data: while it is down, requests get a 503
 * database-unavailable problem within the pool's timeout; once it is back they succeed again, with no service restart
 * and no row lost. The database is this test's own, so stopping it costs no other test anything. Each implementation
 * points itself at {@link #postgres} under its own property names, with a pool of 4 and a 2 s timeout.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
public abstract class DatabaseDownContract {

    static final Path DATA;
    protected static EmbeddedPostgresServer postgres;

    static {
        try {
            DATA = Files.createTempDirectory("database-down-");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        postgres = EmbeddedPostgresServer.start(0, DATA.resolve("data"), 50, false, "127.0.0.1");
    }

    @AfterAll
    static void stopDatabase() {
        postgres.close();
    }

    @LocalServerPort
    protected int port;

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
        // the pool's 2 s timeout, and the rest of the path, but nothing near the pools' default 30 s
        assertThat(waitedMs).as("ms until the 503").isLessThan(15_000);

        postgres = EmbeddedPostgresServer.start(databasePort, DATA.resolve("data"), 50, true, "127.0.0.1");
        Http.Reply back = awaitCreated(http);

        assertThat(back.status()).isEqualTo(201);
        assertThat(http.get("/v1/pessoas/" + back.json().get("id").asLong()).status()).isEqualTo(200);
        assertThat(http.get("/v1/pessoas/count").json().get("count").asLong()).isEqualTo(2);
    }

    /** The pool reconnects on its own; the first requests after the restart may still meet a closed connection. */
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
