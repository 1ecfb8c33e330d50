package lab.vthreads.lab.stack;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;

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

    /**
     * A stack the lab started itself, on this machine's loopback. A user's application stands where the gateway does,
     * and is both "services" for the management URLs; the lab does not empty its database between cells (it knows
     * none of its tables: each pair of JVMs gets a fresh one instead), nor switch the latency of stubs it does not know.
     */
    public static Endpoints of(StackSettings settings) {
        if (settings.application() != null) {
            StackSettings.StackPorts ports = settings.ports();
            String management = "http://127.0.0.1:" + ports.gatewayManagement();
            return new Endpoints("http://127.0.0.1:" + ports.gateway(), management, management, null, null, null, null);
        }
        StackSettings.StackPorts ports = settings.ports();
        return new Endpoints("http://127.0.0.1:" + ports.gateway(), "http://127.0.0.1:" + ports.pessoaManagement(),
                "http://127.0.0.1:" + ports.gatewayManagement(), settings.jdbcUrl(), EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD,
                "http://127.0.0.1:" + ports.wiremock());
    }

    /** The services whose management endpoints a prewarm watches, by name: the lab's two, or the application alone. */
    public java.util.Map<String, String> services() {
        java.util.Map<String, String> services = new java.util.LinkedHashMap<>();
        if (pessoaManagement.equals(gatewayManagement)) {
            services.put(StackSettings.Component.APP.label(), gatewayManagement);
        } else {
            services.put(StackSettings.Component.PESSOA.label(), pessoaManagement);
            services.put(StackSettings.Component.GATEWAY.label(), gatewayManagement);
        }
        return services;
    }

    private static void require(String url, String name) {
        if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
            throw new IllegalArgumentException(name + " must be an http(s) URL" + (url == null ? " and is missing" : ", not " + url));
        }
    }
}
