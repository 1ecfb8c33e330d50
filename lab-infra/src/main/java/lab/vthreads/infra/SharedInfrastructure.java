package lab.vthreads.infra;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.cep.CepMockServer;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;

import java.nio.file.Path;

/**
 * One embedded PostgreSQL and one WireMock CEP API per JVM, started on first use on free ports and stopped when the
 * JVM exits: what the services' integration tests share (CEP latency none unless a test sets another).
 */
public final class SharedInfrastructure {

    private static EmbeddedPostgresServer postgres;
    private static CepMockServer cep;

    private SharedInfrastructure() {
    }

    public static synchronized EmbeddedPostgresServer postgres() {
        if (postgres == null) {
            postgres = EmbeddedPostgresServer.start(0, null, 300);
            Runtime.getRuntime().addShutdownHook(new Thread(postgres::close));
        }
        return postgres;
    }

    /** @param wiremockRoot the repository's wiremock/ folder, as seen from the calling module */
    public static synchronized CepMockServer cep(Path wiremockRoot) {
        if (cep == null) {
            cep = CepMockServer.start(0, wiremockRoot, new CepLatency.None());
            Runtime.getRuntime().addShutdownHook(new Thread(cep::close));
        }
        return cep;
    }
}
