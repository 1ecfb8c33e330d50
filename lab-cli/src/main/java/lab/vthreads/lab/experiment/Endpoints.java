package lab.vthreads.lab.experiment;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.lab.stack.StackSettings;

/**
 * Where one thread mode's stack answers: what a measured run needs from it.
 *
 * @param gateway           the gateway's base URL, where the load goes
 * @param pessoaManagement  pessoa-service's management base URL (health, Prometheus)
 * @param gatewayManagement the gateway's management base URL
 * @param jdbcUrl           the database, to empty it before each run (null: not emptied; the nothing-lost check then
 *                          compares the count's growth with the 201s, as it always does)
 * @param cepAdmin          the CEP mock's base URL, to set each cell's latency through its admin API (null: left as it is)
 */
public record Endpoints(String gateway, String pessoaManagement, String gatewayManagement, String jdbcUrl, String jdbcUser,
                        String jdbcPassword, String cepAdmin) {

    public Endpoints {
        require(gateway, "gateway");
        require(pessoaManagement, "pessoaManagement");
        require(gatewayManagement, "gatewayManagement");
        if (jdbcUrl != null && !jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("jdbcUrl must be a PostgreSQL JDBC URL (jdbc:postgresql://HOST:PORT/DB), not " + jdbcUrl);
        }
    }

    /** A stack the lab started itself, on this machine's loopback. */
    static Endpoints of(StackSettings settings) {
        StackSettings.StackPorts ports = settings.ports();
        return new Endpoints("http://127.0.0.1:" + ports.gateway(), "http://127.0.0.1:" + ports.pessoaManagement(),
                "http://127.0.0.1:" + ports.gatewayManagement(), settings.jdbcUrl(), EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD,
                "http://127.0.0.1:" + ports.wiremock());
    }

    private static void require(String url, String name) {
        if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
            throw new IllegalArgumentException(name + " must be an http(s) URL" + (url == null ? " and is missing" : ", not " + url));
        }
    }
}
