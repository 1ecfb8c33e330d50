package lab.vthreads.lab.stack;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the factors become the Spring properties a service runs with, passed on its command line: the ones any
 * Spring Boot application reads (ports and address, the thread mode, Tomcat's threads, Hikari's pool, the datasource),
 * then what only the lab's own services read. A factor that is not set is not passed, so the service keeps its own
 * default. compose.yaml and the Kubernetes manifests set the same properties through the environment.
 */
final class SpringProperties {

    private SpringProperties() {
    }

    /** What every service gets: where it listens, and its threads. */
    static Map<String, String> common(StackSettings settings, int port, int managementPort) {
        return common(settings, port, managementPort, settings.mode().virtual());
    }

    private static Map<String, String> common(StackSettings settings, int port, int managementPort, boolean virtualThreads) {
        Map<String, String> properties = listening(settings, port, managementPort, virtualThreads);
        putIfSet(properties, "server.tomcat.threads.max", settings.factors().tomcatThreads());
        putIfSet(properties, Factor.DISPATCHER_ON_STARTUP.target(), Factor.DISPATCHER_ON_STARTUP.propertyValue(settings.factors()));
        return properties;
    }

    /** Where a service listens, and whether on virtual threads; Tomcat's threads are the caller's, as not every service has Tomcat. */
    private static Map<String, String> listening(StackSettings settings, int port, int managementPort, boolean virtualThreads) {
        Map<String, String> properties = new LinkedHashMap<>();
        // Spring binds every interface unless told: the management port would expose metrics and health to the network.
        properties.put("server.port", Integer.toString(port));
        properties.put("server.address", settings.bindAddress());
        properties.put("management.server.port", Integer.toString(managementPort));
        properties.put("management.server.address", settings.bindAddress());
        properties.put("spring.threads.virtual.enabled", Boolean.toString(virtualThreads));
        return properties;
    }

    /** The pool's factors and, where the lab supplies the database, where it is. */
    static Map<String, String> database(StackSettings settings, String jdbcUrl) {
        Map<String, String> properties = new LinkedHashMap<>();
        putIfSet(properties, "spring.datasource.hikari.maximum-pool-size", settings.factors().poolSize());
        putIfSet(properties, "spring.datasource.hikari.connection-timeout", settings.factors().poolTimeoutMs());
        if (jdbcUrl != null) {
            properties.put("spring.datasource.url", jdbcUrl);
            properties.put("spring.datasource.username", user(settings));
            properties.put("spring.datasource.password", password(settings));
        }
        return properties;
    }

    static Map<String, String> pessoa(StackSettings settings) {
        StackSettings.StackPorts p = settings.ports();
        Factors f = settings.factors();
        Map<String, String> properties = common(settings, p.pessoa(), p.pessoaManagement());
        properties.putAll(database(settings, settings.jdbcUrl() + (settings.jdbcUrl().contains("?") ? "&" : "?") + "reWriteBatchedInserts=true"));
        properties.put("lab.cep.base-url", settings.url(p.wiremock()));
        properties.putAll(labOnly(f, false));
        return properties;
    }

    /**
     * pessoa-service-reactive: the same CEP settings under the same keys; the pool's factors under R2DBC's names (the
     * Factor table's reactive column); no Tomcat and no virtual threads (Reactor Netty's event loops serve it); the
     * database as an R2DBC URL, and as a JDBC URL for Flyway, which has no R2DBC driver.
     */
    static Map<String, String> reactivePessoa(StackSettings settings) {
        StackSettings.StackPorts p = settings.ports();
        Factors f = settings.factors();
        Map<String, String> properties = listening(settings, p.pessoa(), p.pessoaManagement(), false);
        if (f.poolSize() != null) {
            // All opened up front, as Hikari's minimum-idle (its default: the pool's size) does.
            properties.put(Factor.POOL_SIZE.reactive(), f.poolSize().toString());
            properties.put("spring.r2dbc.pool.initial-size", f.poolSize().toString());
        }
        if (f.poolTimeoutMs() != null) properties.put(Factor.POOL_TIMEOUT_MS.reactive(), f.poolTimeoutMs() + "ms");
        String jdbcUrl = settings.jdbcUrl();
        String user = user(settings);
        String password = password(settings);
        properties.put("spring.r2dbc.url", "r2dbc:" + jdbcUrl.substring("jdbc:".length()));
        properties.put("spring.r2dbc.username", user);
        properties.put("spring.r2dbc.password", password);
        properties.put("spring.flyway.url", jdbcUrl);
        properties.put("spring.flyway.user", user);
        properties.put("spring.flyway.password", password);
        properties.put("lab.cep.base-url", settings.url(p.wiremock()));
        properties.putAll(labOnly(f, true));
        return properties;
    }

    /**
     * The properties only the lab's own services read, each from its row of the {@link Factor} table: a new factor of
     * that kind needs no line here. In the reactive service only the rows that reach it under the same name.
     */
    private static Map<String, String> labOnly(Factors factors, boolean reactive) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Factor factor : Factor.values()) {
            if (factor.route() != Factor.Route.SPRING_PROPERTY || factor.forApplications()) continue;
            if (reactive && !Factor.SAME.equals(factor.reactive())) continue;
            String value = factor.propertyValue(factors);
            if (value != null) properties.put(factor.target(), value);
        }
        return properties;
    }

    static Map<String, String> gateway(StackSettings settings) {
        StackSettings.StackPorts p = settings.ports();
        Map<String, String> properties = common(settings, p.gateway(), p.gatewayManagement(), settings.mode().gatewayOnVirtualThreads());
        properties.put("lab.gateway.pessoa-url", settings.url(p.pessoa()));
        return properties;
    }

    /** The database's user: the user's own database's, else the lab's embedded PostgreSQL's. */
    private static String user(StackSettings settings) {
        return settings.externalDatabase() != null ? settings.externalDatabase().user() : EmbeddedPostgresServer.USER;
    }

    private static String password(StackSettings settings) {
        return settings.externalDatabase() != null ? settings.externalDatabase().password() : EmbeddedPostgresServer.PASSWORD;
    }

    static List<String> arguments(Map<String, String> properties) {
        List<String> arguments = new ArrayList<>();
        properties.forEach((name, value) -> arguments.add("--" + name + "=" + value));
        return arguments;
    }

    private static void putIfSet(Map<String, String> properties, String name, Object value) {
        if (value != null) properties.put(name, value.toString());
    }
}
