package lab.vthreads.lab.stack;

import lab.vthreads.lab.metrics.SampleNames;

/**
 * Where one thread mode's stack answers: what a measured run needs from it.
 *
 * @param gateway           the gateway's base URL, where the load goes
 * @param pessoaManagement  pessoa-service's management base URL (health, Prometheus)
 * @param gatewayManagement the gateway's management base URL
 * @param jdbcUrl           the database, to empty it before each run (null: not emptied; the nothing-lost check then
 *                          compares the count's growth with the 201s, as it always does)
 * @param cepAdmin          the CEP mock's base URL, to set each cell's latency through its admin API (null: left as it is)
 * @param sampleNames       the names the two management endpoints' figures carry in the samples: the system's own; where
 *                          a target file does not say, the lab's two services', or one service's in both places where
 *                          both URLs are one
 */
public record Endpoints(String gateway, String pessoaManagement, String gatewayManagement, String jdbcUrl, String jdbcUser,
                        String jdbcPassword, String cepAdmin, @com.fasterxml.jackson.annotation.JsonIgnore SampleNames sampleNames) {

    public Endpoints {
        require(gateway, "gateway");
        require(pessoaManagement, "pessoaManagement");
        require(gatewayManagement, "gatewayManagement");
        if (jdbcUrl != null && !jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("jdbcUrl must be a PostgreSQL JDBC URL (jdbc:postgresql://HOST:PORT/DB), not " + jdbcUrl);
        }
        if (sampleNames == null) sampleNames = pessoaManagement.equals(gatewayManagement) ? SampleNames.APPLICATION : SampleNames.LABS_OWN;
    }

    /** A target's, whose names follow from its URLs. */
    public Endpoints(String gateway, String pessoaManagement, String gatewayManagement, String jdbcUrl, String jdbcUser, String jdbcPassword,
                     String cepAdmin) {
        this(gateway, pessoaManagement, gatewayManagement, jdbcUrl, jdbcUser, jdbcPassword, cepAdmin, null);
    }

    /** A stack the lab started itself, on this machine's loopback: where its system answers. */
    public static Endpoints of(StackSettings settings) {
        return settings.system().endpoints(settings);
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
