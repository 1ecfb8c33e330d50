package lab.vthreads.gateway.support;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.cep.CepMockServer;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/** One embedded PostgreSQL and one WireMock CEP API per test JVM, shared by the end-to-end tests. */
public final class RealInfrastructure {

    private static EmbeddedPostgresServer postgres;
    private static CepMockServer cep;

    private RealInfrastructure() {
    }

    public static synchronized EmbeddedPostgresServer postgres() {
        if (postgres == null) {
            postgres = EmbeddedPostgresServer.start(0, null, 300);
            Runtime.getRuntime().addShutdownHook(new Thread(postgres::close));
        }
        return postgres;
    }

    public static synchronized CepMockServer cep() {
        if (cep == null) {
            cep = CepMockServer.start(0, Path.of("..", "wiremock"), new CepLatency.None());
            Runtime.getRuntime().addShutdownHook(new Thread(cep::close));
        }
        return cep;
    }

    /** What pessoa-service reads from its environment to use these. */
    public static Map<String, String> pessoaEnvironment() {
        return Map.of(
                "SPRING_DATASOURCE_URL", postgres().jdbcUrl() + "?reWriteBatchedInserts=true",
                "SPRING_DATASOURCE_USERNAME", EmbeddedPostgresServer.USER,
                "SPRING_DATASOURCE_PASSWORD", EmbeddedPostgresServer.PASSWORD,
                "LAB_CEP_BASE_URL", cep().baseUrl(),
                // These tests check correctness on a loaded 2-core machine with cold JVMs, not speed.
                "LAB_CEP_READ_TIMEOUT", "10s");
    }

    public static long count(String sql, Object... args) {
        try (Connection c = DriverManager.getConnection(postgres().jdbcUrl(), EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
             var statement = c.prepareStatement(sql)) {
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

    public static String string(String sql, Object... args) {
        try (Connection c = DriverManager.getConnection(postgres().jdbcUrl(), EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
             var statement = c.prepareStatement(sql)) {
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
