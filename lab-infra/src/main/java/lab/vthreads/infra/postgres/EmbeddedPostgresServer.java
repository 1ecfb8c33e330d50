package lab.vthreads.infra.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A real PostgreSQL (zonky's binaries, no Docker) with a database for the lab. The schema is not created here:
 * pessoa-service's Flyway migrations from {@code db/} are its single source.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    public static final String DATABASE = "pessoas";
    public static final String USER = "postgres";
    public static final String PASSWORD = "postgres";

    private final EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /**
     * Starts on {@code port} (0 picks a free one), listening on 127.0.0.1, in a temporary data directory that starts
     * empty, so every run begins from the same state.
     */
    public static EmbeddedPostgresServer start(int port, Path dataDirectory, int maxConnections) {
        return start(port, dataDirectory, maxConnections, false, "127.0.0.1");
    }

    /**
     * @param dataDirectory null for a temporary one
     * @param keepData      start on the data already in {@code dataDirectory} (a restart), instead of emptying it
     * @param listen        PostgreSQL's listen_addresses
     */
    public static EmbeddedPostgresServer start(int port, Path dataDirectory, int maxConnections, boolean keepData, String listen) {
        try {
            // zonky deletes a "clean" data directory when it stops: a directory we may start again on must never be
            // clean to zonky, so this class empties it itself, at start, unless asked to keep it.
            if (dataDirectory != null && !keepData) {
                deleteRecursively(dataDirectory);
            }
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setPort(port)
                    .setCleanDataDirectory(dataDirectory == null)
                    .setServerConfig("max_connections", Integer.toString(maxConnections))
                    // A lab database: durability is not what is measured, and fsync noise would hide the thread effect.
                    .setServerConfig("synchronous_commit", "off")
                    // The lab empties the tables before every measured run, and a plan made while they are tiny stays
                    // cached: once the planner had chosen a sequential scan for the foreign-key check of each address
                    // insert (after autovacuum analyzed a few rows, or after the prewarm's statistics met an emptied
                    // table), every request read the whole pessoa table, 25 million rows in 25 s here, and PostgreSQL's
                    // CPU per request grew 2-4x during a cell, depending on when autovacuum came round. Index lookups
                    // only: what a production table, never emptied, always gets for these primary-key lookups.
                    .setServerConfig("enable_seqscan", "off")
                    .setServerConfig("listen_addresses", listen);
            if (dataDirectory != null) {
                builder.setDataDirectory(dataDirectory.toFile());
            }
            EmbeddedPostgres postgres = builder.start();
            createDatabase(postgres);
            return new EmbeddedPostgresServer(postgres);
        } catch (IOException e) {
            throw new UncheckedIOException("Embedded PostgreSQL did not start on port " + port + ": " + e.getMessage(), e);
        }
    }

    /** Creates the lab's database unless a restart on kept data already has it. */
    private static void createDatabase(EmbeddedPostgres postgres) throws IOException {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            try (var exists = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
                if (exists.next()) return;
            }
            s.execute("CREATE DATABASE " + DATABASE);
        } catch (SQLException e) {
            throw new IOException("could not create database " + DATABASE + ": " + e.getMessage(), e);
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) return;
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    public int port() {
        return postgres.getPort();
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + DATABASE;
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
