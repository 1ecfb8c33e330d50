package lab.vthreads.infra.testsupport;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.cep.CepMockServer;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The real parts the services' integration tests talk to: one embedded PostgreSQL and one WireMock CEP API serving
 * the repository's {@code wiremock/} files, per JVM, started on first use on free ports and stopped when the JVM
 * exits (CEP latency none unless a test sets another).
 */
public final class SharedInfrastructure {

    private static EmbeddedPostgresServer postgres;
    private static CepMockServer cep;

    private SharedInfrastructure() {
    }

    public static synchronized EmbeddedPostgresServer postgres() {
        if (postgres == null) {
            // Not port 0: PostgreSQL listens seconds after its port is chosen (initdb first); see ListenPorts.
            postgres = EmbeddedPostgresServer.start(ListenPorts.next(), null, 300);
            Runtime.getRuntime().addShutdownHook(new Thread(postgres::close));
        }
        return postgres;
    }

    public static synchronized CepMockServer cep() {
        if (cep == null) {
            cep = CepMockServer.start(0, wiremockRoot(), new CepLatency.None());
            Runtime.getRuntime().addShutdownHook(new Thread(cep::close));
        }
        return cep;
    }

    /**
     * What pessoa-service reads from its environment to use these, when a test runs it as a process of its own. Its
     * CEP timeouts are generous: such tests check correctness on a loaded 2-core machine with cold JVMs, not speed,
     * and the WireMock in the test JVM can take over a second to accept 200 simultaneous connections.
     */
    public static Map<String, String> pessoaEnvironment() {
        return Map.of(
                "SPRING_DATASOURCE_URL", postgres().jdbcUrl() + "?reWriteBatchedInserts=true",
                "SPRING_DATASOURCE_USERNAME", EmbeddedPostgresServer.USER,
                "SPRING_DATASOURCE_PASSWORD", EmbeddedPostgresServer.PASSWORD,
                "LAB_CEP_BASE_URL", cep().baseUrl(),
                "LAB_CEP_CONNECT_TIMEOUT", "10s",
                "LAB_CEP_READ_TIMEOUT", "10s");
    }

    /**
     * What the reactive service reads to use these, as its properties: its R2DBC URL is the JDBC one with R2DBC's
     * scheme, and Flyway still migrates over JDBC.
     */
    public static Map<String, Object> reactiveProperties() {
        String jdbcUrl = postgres().jdbcUrl();
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("spring.r2dbc.url", "r2dbc:" + jdbcUrl.substring("jdbc:".length()));
        values.put("spring.r2dbc.username", EmbeddedPostgresServer.USER);
        values.put("spring.r2dbc.password", EmbeddedPostgresServer.PASSWORD);
        values.put("spring.flyway.url", jdbcUrl);
        values.put("spring.flyway.user", EmbeddedPostgresServer.USER);
        values.put("spring.flyway.password", EmbeddedPostgresServer.PASSWORD);
        values.put("lab.cep.base-url", cep().baseUrl());
        return values;
    }

    /** A count from the real database: {@code count("SELECT count(*) FROM pessoa WHERE cpf = ?", cpf)}. */
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

    /** The repository's wiremock/ folder, from any module's folder (where Maven runs a module's tests) or the root. */
    static Path wiremockRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("wiremock/mappings"))) {
                return dir.resolve("wiremock");
            }
        }
        throw new IllegalStateException("No wiremock/mappings above " + Path.of("").toAbsolutePath() + ": run the tests inside the repository");
    }
}
