package lab.vthreads.gateway.support;

import lab.vthreads.infra.SharedInfrastructure;
import lab.vthreads.infra.cep.CepMockServer;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/** The embedded PostgreSQL and WireMock CEP API the end-to-end tests share, and what pessoa-service needs to use them. */
public final class RealInfrastructure {

    private RealInfrastructure() {
    }

    public static EmbeddedPostgresServer postgres() {
        return SharedInfrastructure.postgres();
    }

    public static CepMockServer cep() {
        return SharedInfrastructure.cep(Path.of("..", "wiremock"));
    }

    /** What pessoa-service reads from its environment to use these. */
    public static Map<String, String> pessoaEnvironment() {
        return Map.of(
                "SPRING_DATASOURCE_URL", postgres().jdbcUrl() + "?reWriteBatchedInserts=true",
                "SPRING_DATASOURCE_USERNAME", EmbeddedPostgresServer.USER,
                "SPRING_DATASOURCE_PASSWORD", EmbeddedPostgresServer.PASSWORD,
                "LAB_CEP_BASE_URL", cep().baseUrl(),
                // These tests check correctness on a loaded 2-core machine with cold JVMs, not speed: the WireMock in the
                // test JVM can take over a second to accept 200 simultaneous connections while the build runs.
                "LAB_CEP_CONNECT_TIMEOUT", "10s",
                "LAB_CEP_READ_TIMEOUT", "10s");
    }

    public static long count(String sql, Object... args) {
        return Long.parseLong(string(sql, args));
    }

    /** The first column of the first row, as text; null when there is no row. */
    public static String string(String sql, Object... args) {
        try (Connection c = DriverManager.getConnection(postgres().jdbcUrl(), EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
             PreparedStatement statement = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                statement.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
