package lab.vthreads.infra.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

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
     * Starts on {@code port} (0 picks a free one). {@code dataDirectory} may be null for a temporary one; either
     * way it starts empty, so every run begins from the same state.
     */
    public static EmbeddedPostgresServer start(int port, Path dataDirectory, int maxConnections) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setPort(port)
                    .setCleanDataDirectory(true)
                    .setServerConfig("max_connections", Integer.toString(maxConnections))
                    // A lab database: durability is not what is measured, and fsync noise would hide the thread effect.
                    .setServerConfig("synchronous_commit", "off")
                    .setServerConfig("listen_addresses", "127.0.0.1");
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

    private static void createDatabase(EmbeddedPostgres postgres) throws IOException {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + DATABASE);
        } catch (SQLException e) {
            throw new IOException("could not create database " + DATABASE + ": " + e.getMessage(), e);
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
