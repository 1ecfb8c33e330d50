package lab.vthreads.lab.run;

import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A real PostgreSQL: an application's tables and seed rows, written over by a "cell", then put back. */
class DatabaseSnapshotTest {

    private String url;

    @BeforeEach
    void applicationWithItsMigrations() throws SQLException {
        String server = SharedInfrastructure.postgres().jdbcUrl();
        String database = "snapshot_" + System.nanoTime();
        try (Connection c = DriverManager.getConnection(server, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + database);
        }
        url = server.substring(0, server.lastIndexOf('/') + 1) + database;
        // What an application's migrations leave: two schemas, a foreign key, an identity, a serial, a computed column, seed rows.
        sql("CREATE SCHEMA shop",
                "CREATE TABLE owners (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL, upper_name text GENERATED ALWAYS AS (upper(name)) STORED)",
                "CREATE TABLE shop.pets (id serial PRIMARY KEY, owner_id bigint NOT NULL REFERENCES owners(id), name text)",
                "CREATE TABLE flyway_schema_history (version text)",
                "INSERT INTO owners (name) VALUES ('franklin'), ('davis')",
                "INSERT INTO shop.pets (owner_id, name) VALUES (1, 'leo')",
                "INSERT INTO flyway_schema_history VALUES ('1')");
    }

    @Test
    void everyCellStartsFromTheRowsTheMigrationsLeft() throws SQLException {
        DatabaseSnapshot snapshot = DatabaseSnapshot.take(url, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
        assertThat(snapshot.tables()).isEqualTo(3);
        assertThat(snapshot.rows()).isEqualTo(4);

        // A cell writes: new owners and pets, a seed row changed and one deleted.
        sql("INSERT INTO owners (name) VALUES ('new one'), ('another')",
                "INSERT INTO shop.pets (owner_id, name) VALUES (3, 'rex'), (2, 'tom')",
                "UPDATE owners SET name = 'changed' WHERE id = 2",
                "DELETE FROM shop.pets WHERE name = 'leo'");

        assertThat(snapshot.restore()).isEqualTo(4);
        assertThat(rows("SELECT id || ':' || name || ':' || upper_name FROM owners ORDER BY id")).containsExactly("1:franklin:FRANKLIN", "2:davis:DAVIS");
        assertThat(rows("SELECT id || ':' || owner_id || ':' || name FROM shop.pets")).containsExactly("1:1:leo");
        assertThat(rows("SELECT version FROM flyway_schema_history")).containsExactly("1");
        // Sequences go on where the load took them: the application may hold a block of them in memory (Hibernate's
        // pooled optimizer does), and ids handed out again would collide with what the next cell stores.
        sql("INSERT INTO owners (name) VALUES ('next')", "INSERT INTO shop.pets (owner_id, name) VALUES (1, 'next')");
        assertThat(rows("SELECT id || '' FROM owners WHERE name = 'next'")).containsExactly("5");
        assertThat(rows("SELECT id || '' FROM shop.pets WHERE name = 'next'")).containsExactly("4");
        // And again: a second cell on the same JVMs starts where the first did.
        snapshot.restore();
        assertThat(rows("SELECT count(*) || '' FROM owners")).containsExactly("2");
    }

    private void sql(String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD); Statement s = c.createStatement()) {
            for (String statement : statements) s.execute(statement);
        }
    }

    private List<String> rows(String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD); Statement s = c.createStatement();
             ResultSet r = s.executeQuery(query)) {
            while (r.next()) rows.add(r.getString(1));
        }
        return rows;
    }
}
