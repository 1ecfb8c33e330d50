package lab.vthreads.lab.stack;

import lab.vthreads.infra.cep.CepLatency;

import java.nio.file.Path;
import java.util.Map;

/**
 * Everything that defines one start of the stack: the experiment factors (thread mode, Tomcat threads, pool size,
 * CEP latency and where the lookups happen) and the plumbing (ports, limits, where things are).
 *
 * @param tomcatThreads null keeps Spring's default (200)
 * @param poolSize      null keeps Spring's default (10)
 * @param poolTimeoutMs null keeps Hikari's default (30000)
 * @param concurrencyLimit null for no limit on concurrent database work; else excess requests get 503 at once
 * @param hikariCp      null runs the HikariCP inside pessoa-service's jar; a version (one of pessoa-service/target/hikari/)
 *                      puts that one ahead of it
 */
public record StackSettings(
        ThreadMode mode,
        Integer tomcatThreads,
        Integer poolSize,
        Integer poolTimeoutMs,
        CepLatency cepLatency,
        boolean cepInsideTransaction,
        Integer concurrencyLimit,
        String hikariCp,
        StackPorts ports,
        Map<Component, ResourceLimit> limits,
        ExternalDatabase externalDatabase,
        Path home,
        Path runDirectory) {

    public enum Component {
        POSTGRES("postgres"), WIREMOCK("wiremock"), PESSOA("pessoa-service"), GATEWAY("gateway-service");

        private final String label;

        Component(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** By label ("pessoa-service"), short name ("pessoa") or enum name. */
        public static Component of(String name) {
            for (Component c : values()) {
                if (c.label.equals(name) || c.name().equalsIgnoreCase(name) || c.label.equals(name + "-service")) {
                    return c;
                }
            }
            throw new IllegalArgumentException("Unknown component '" + name + "': use wiremock, pessoa-service or gateway-service");
        }
    }

    public record StackPorts(int gateway, int gatewayManagement, int pessoa, int pessoaManagement, int wiremock, int postgres) {
        public static final StackPorts DEFAULTS = new StackPorts(8080, 9080, 8081, 9081, 8089, 55432);
    }

    /** An existing PostgreSQL to use instead of the embedded one. */
    public record ExternalDatabase(String url, String user, String password) {
    }

    public ResourceLimit limit(Component component) {
        return limits.getOrDefault(component, ResourceLimit.COMPOSE_DEFAULT);
    }

    public String jdbcUrl() {
        return externalDatabase != null ? externalDatabase.url()
                : "jdbc:postgresql://127.0.0.1:" + ports.postgres() + "/pessoas";
    }
}
