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
    static Map<String, String> listening(StackSettings settings, int port, int managementPort, boolean virtualThreads) {
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
        properties.putAll(labOnly(f, factor -> true));
        return properties;
    }

    /**
     * The properties only the lab's own services read, each from its row of the {@link Factor} table: a new factor of
     * that kind needs no line here. {@code readBy}: the rows the service reads under the same name.
     */
    static Map<String, String> labOnly(Factors factors, java.util.function.Predicate<Factor> readBy) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Factor factor : Factor.values()) {
            if (factor.route() != Factor.Route.SPRING_PROPERTY || factor.forApplications() || !readBy.test(factor)) continue;
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
    static String user(StackSettings settings) {
        return settings.externalDatabase() != null ? settings.externalDatabase().user() : EmbeddedPostgresServer.USER;
    }

    static String password(StackSettings settings) {
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
