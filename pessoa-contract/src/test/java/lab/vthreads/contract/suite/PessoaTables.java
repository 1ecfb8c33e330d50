package lab.vthreads.contract.suite;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.infra.testsupport.SharedInfrastructure;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and empties the real tables over a JDBC connection of its own, so tests check what PostgreSQL stored, not what
 * the service said, and whichever implementation (JPA or R2DBC) is under test.
 */
public final class PessoaTables {

    private final String url;

    private PessoaTables(String url) {
        this.url = url;
    }

    /** The tables of the PostgreSQL every test of this JVM shares. */
    public static PessoaTables shared() {
        return of(SharedInfrastructure.postgres());
    }

    public static PessoaTables of(EmbeddedPostgresServer postgres) {
        return new PessoaTables(postgres.jdbcUrl());
    }

    public void truncate() {
        try (Connection c = connect()) {
            c.createStatement().execute("TRUNCATE endereco, pessoa");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public long pessoas() {
        return count("SELECT count(*) FROM pessoa");
    }

    public long enderecos() {
        return count("SELECT count(*) FROM endereco");
    }

    public long pessoasWithCpf(String cpf) {
        return count("SELECT count(*) FROM pessoa WHERE cpf = ?", cpf);
    }

    public List<Map<String, Object>> enderecosOf(String cpf) {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection c = connect(); PreparedStatement statement = c.prepareStatement("""
                SELECT e.cep, e.logradouro, e.bairro, e.cidade, e.uf FROM endereco e JOIN pessoa p ON p.id = e.pessoa_id
                WHERE p.cpf = ? ORDER BY e.id""")) {
            statement.setString(1, cpf);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (String column : List.of("cep", "logradouro", "bairro", "cidade", "uf")) {
                        row.put(column, rs.getString(column));
                    }
                    rows.add(row);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }

    private long count(String sql, Object... args) {
        try (Connection c = connect(); PreparedStatement statement = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                statement.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(url, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
    }
}
