package lab.vthreads.lab.run;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Empties the tables before a measured run, so every run starts from the same database (the warm-up's rows go too). */
public final class DatabaseReset {

    private final String jdbcUrl;
    private final String user;
    private final String password;

    public DatabaseReset(String jdbcUrl, String user, String password) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
    }

    /** The lab's own embedded PostgreSQL. */
    public DatabaseReset(String jdbcUrl) {
        this(jdbcUrl, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
    }

    public void truncate() throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
             Statement s = c.createStatement()) {
            s.execute("TRUNCATE endereco, pessoa");
        }
    }

    /**
     * Empties the tables and reads back how many people are stored: 0 unless something wrote between the two, which
     * on services shared by several cells would be an earlier cell's request still in flight.
     */
    long truncateAndCount() throws SQLException {
        truncate();
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
             Statement s = c.createStatement();
             java.sql.ResultSet rows = s.executeQuery("SELECT count(*) FROM pessoa")) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
