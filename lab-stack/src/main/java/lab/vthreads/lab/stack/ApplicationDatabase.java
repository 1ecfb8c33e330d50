package lab.vthreads.lab.stack;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.process.StartFailure;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The user's application's own database in the lab's embedded PostgreSQL, created empty before each start of its
 * JVMs by the stack ({@code ./lab up}, each pair of an experiment): its own Flyway, Liquibase or schema scripts run on
 * it at start-up, as they would in production. A restart of one component (./lab restart app) finds its data, as a
 * restarted service finds its database.
 */
final class ApplicationDatabase {

    private ApplicationDatabase() {
    }

    static void fresh(StackSettings settings) {
        String server = settings.jdbcUrl().substring(0, settings.jdbcUrl().lastIndexOf('/') + 1) + "postgres";
        try (Connection c = DriverManager.getConnection(server, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
             Statement s = c.createStatement()) {
            // FORCE: a connection an earlier JVM left (a killed process's) must not keep the next pair on old data.
            s.execute("DROP DATABASE IF EXISTS " + Application.DATABASE + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + Application.DATABASE);
        } catch (SQLException e) {
            throw new StartFailure("Could not create the application's database '" + Application.DATABASE + "' in the embedded PostgreSQL: " + e.getMessage());
        }
    }
}
