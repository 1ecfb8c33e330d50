package lab.vthreads.lab.faults;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What the database holds after a run, read from PostgreSQL itself: the other side of the nothing-lost check.
 *
 * @param withoutAddress people stored without any address: a partial write (every request carries at least one)
 */
public record StoredRows(long pessoas, long enderecos, long withoutAddress) {

    public static StoredRows read(String jdbcUrl, String user, String password) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
             Statement s = c.createStatement()) {
            return new StoredRows(count(s, "SELECT count(*) FROM pessoa"), count(s, "SELECT count(*) FROM endereco"),
                    count(s, "SELECT count(*) FROM pessoa p WHERE NOT EXISTS (SELECT 1 FROM endereco e WHERE e.pessoa_id = p.id)"));
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
