package lab.vthreads.lab.run;

import lab.vthreads.lab.progress.Progress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user's application's database as its own migrations left it (schema and seed rows), kept in a schema of the
 * lab's and put back before each cell: a scenario that writes (new owners, new orders) would otherwise make the
 * next cell read more rows than the first, and its window unsteady. The lab knows none of the application's tables,
 * so it reads them from PostgreSQL's catalogue: every ordinary and partitioned table outside the system schemas.
 *
 * <p>Restored in one transaction with triggers and foreign keys off ({@code session_replication_role = replica}, which
 * the lab's superuser may set), so the order of the tables does not matter, and identity columns get their old values
 * back. Sequences are left where the load took them: an application caches blocks of them (Hibernate's pooled
 * optimizer takes 50 at a time), and one put back would hand its JVM ids it has already used, colliding with rows the
 * next cell stores. The application's JVM stays up: its pooled connections are idle between cells, and TRUNCATE
 * waits for any that is not.
 */
public final class DatabaseSnapshot {

    static final String SCHEMA = "lab_snapshot";

    private final String url;
    private final String user;
    private final String password;
    /** Table, as a quoted name, to its copy's quoted name and its insertable columns. */
    private final Map<String, Copy> tables;
    private final long rows;

    private record Copy(String snapshot, String columns) {
    }

    private DatabaseSnapshot(String url, String user, String password, Map<String, Copy> tables, long rows) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.tables = tables;
        this.rows = rows;
    }

    /**
     * A user's application's database once its migrations have run on a fresh pair's first start, before any load:
     * what every cell on the pair starts from. Null for the lab's own services (MeasuredRun empties their tables) and
     * for an application that brings its own database, which the lab cannot reset.
     */
    public static DatabaseSnapshot ofApplication(lab.vthreads.lab.stack.StackSettings settings, Progress progress) throws SQLException {
        if (settings.system().dataBetweenRuns() != lab.vthreads.lab.stack.SystemUnderTest.DataBetweenRuns.RESTORED) return null;
        DatabaseSnapshot snapshot = take(settings.jdbcUrl(), lab.vthreads.infra.postgres.EmbeddedPostgresServer.USER,
                lab.vthreads.infra.postgres.EmbeddedPostgresServer.PASSWORD);
        progress.note("the application's database after its own migrations: " + snapshot.tables() + " tables, " + snapshot.rows()
                + " rows, put back before each cell");
        return snapshot;
    }

    /**
     * The database the lab hands the services, whatever they are (its own or a user's application), as it is now:
     * what the start-up check puts back after each start's burst. Null for an application that brings its own.
     */
    public static DatabaseSnapshot ofStack(lab.vthreads.lab.stack.StackSettings settings) throws SQLException {
        if (!settings.labHandsDatabase()) return null;
        return take(settings.jdbcUrl(), lab.vthreads.infra.postgres.EmbeddedPostgresServer.USER, lab.vthreads.infra.postgres.EmbeddedPostgresServer.PASSWORD);
    }

    /** Copies every table now: call it once the application's migrations have run, before any load. */
    static DatabaseSnapshot take(String url, String user, String password) throws SQLException {
        Map<String, Copy> tables = new LinkedHashMap<>();
        long rows = 0;
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            s.execute("CREATE SCHEMA " + SCHEMA);
            List<String[]> names = new ArrayList<>();
            try (ResultSet r = s.executeQuery("SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                    + "WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname NOT IN ('pg_catalog', 'information_schema', '" + SCHEMA + "') "
                    + "AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%' ORDER BY 1, 2")) {
                while (r.next()) names.add(new String[] {r.getString(1), r.getString(2)});
            }
            for (String[] name : names) {
                String table = quote(name[0]) + "." + quote(name[1]);
                String copy = SCHEMA + "." + quote(name[0] + "." + name[1]);
                s.execute("CREATE TABLE " + copy + " AS TABLE " + table);
                try (ResultSet r = s.executeQuery("SELECT count(*) FROM " + copy)) {
                    r.next();
                    rows += r.getLong(1);
                }
                tables.put(table, new Copy(copy, insertable(s, table)));
            }
        }
        return new DatabaseSnapshot(url, user, password, tables, rows);
    }

    /** Every table back to the snapshot's rows; returns the rows put back. */
    public long restore() throws SQLException {
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                s.execute("SET LOCAL lock_timeout = '60s'");
                s.execute("SET LOCAL session_replication_role = replica");
                if (!tables.isEmpty()) s.execute("TRUNCATE " + String.join(", ", tables.keySet()));
                for (Map.Entry<String, Copy> table : tables.entrySet()) {
                    String columns = table.getValue().columns();
                    s.execute("INSERT INTO " + table.getKey() + " (" + columns + ") OVERRIDING SYSTEM VALUE SELECT " + columns + " FROM "
                            + table.getValue().snapshot());
                }
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
        return rows;
    }

    int tables() {
        return tables.size();
    }

    long rows() {
        return rows;
    }

    /** The columns a row can be given: not dropped, and not computed (a stored generated column refuses a value). */
    private static String insertable(Statement s, String table) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (ResultSet r = s.executeQuery("SELECT attname FROM pg_attribute WHERE attrelid = '" + table.replace("'", "''") + "'::regclass "
                + "AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum")) {
            while (r.next()) columns.add(quote(r.getString(1)));
        }
        return String.join(", ", columns);
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }
}
