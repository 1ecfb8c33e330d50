package lab.vthreads.lab.experiment;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Empties the tables before a measured run, so every run starts from the same database (the warm-up's rows go too). */
final class DatabaseReset {

    private final String jdbcUrl;

    DatabaseReset(String jdbcUrl) {
        this.jdbcUrl = jdbcUrl;
    }

    void truncate() throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
             Statement s = c.createStatement()) {
            s.execute("TRUNCATE endereco, pessoa");
        }
    }
}
