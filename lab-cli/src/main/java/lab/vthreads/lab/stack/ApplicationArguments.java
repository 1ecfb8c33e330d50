package lab.vthreads.lab.stack;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.lab.app.Application;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the factors become a user's application's settings: Spring properties any Spring Boot application reads,
 * passed as {@code --name=value} arguments (the highest precedence after none, so its own application.yaml cannot
 * quietly win). The counterpart of {@link ServiceEnvironment} for the lab's own services. A factor that is not set is
 * not passed, so the application keeps its own default.
 */
public final class ApplicationArguments {

    /** The factors that only the lab's own pessoa-service reads, with the option that sets each. */
    private static final Map<String, java.util.function.Predicate<Factors>> SERVICE_ONLY = new LinkedHashMap<>();

    static {
        SERVICE_ONLY.put("--cep-inside-transaction", f -> Boolean.TRUE.equals(f.cepInsideTransaction()));
        SERVICE_ONLY.put("--db-concurrency-limit", f -> f.concurrencyLimit() != null);
        SERVICE_ONLY.put("--cep-read-timeout-ms", f -> f.cepReadTimeoutMs() != null);
        SERVICE_ONLY.put("--hikari-cp", f -> f.hikariCp() != null);
        SERVICE_ONLY.put("--cep-lock", f -> f.cepLock() != null);
    }

    private ApplicationArguments() {
    }

    /** The lab's properties for the application under these settings, in the order they are passed. */
    static Map<String, String> labs(StackSettings settings) {
        Application app = settings.application();
        StackSettings.StackPorts p = settings.ports();
        Factors f = settings.factors();
        Map<String, String> properties = new LinkedHashMap<>();
        // Spring binds every interface unless told: the application and its management port stay on the lab's address.
        properties.put("server.port", Integer.toString(p.gateway()));
        properties.put("server.address", settings.bindAddress());
        properties.put("management.server.port", Integer.toString(p.gatewayManagement()));
        properties.put("management.server.address", settings.bindAddress());
        properties.put("spring.threads.virtual.enabled", Boolean.toString(settings.mode().virtual()));
        putIfSet(properties, "server.tomcat.threads.max", f.tomcatThreads());
        putIfSet(properties, "spring.datasource.hikari.maximum-pool-size", f.poolSize());
        putIfSet(properties, "spring.datasource.hikari.connection-timeout", f.poolTimeoutMs());
        if (app.labDatabase()) {
            properties.put("spring.datasource.url", settings.jdbcUrl());
            properties.put("spring.datasource.username", settings.externalDatabase() != null ? settings.externalDatabase().user() : EmbeddedPostgresServer.USER);
            properties.put("spring.datasource.password", settings.externalDatabase() != null ? settings.externalDatabase().password() : EmbeddedPostgresServer.PASSWORD);
        }
        if (app.stubUrlProperty() != null) properties.put(app.stubUrlProperty(), settings.url(p.wiremock()));
        return properties;
    }

    /**
     * What the lab reads on the management port: health to know it is up, metrics (or Prometheus, where the
     * application has its registry) for the JIT, the requests, the heap, the threads and the pool. Spring exposes only
     * health by default; a user who sets the property keeps theirs.
     */
    static final String EXPOSED = "management.endpoints.web.exposure.include";

    /** The command line's arguments: the user's properties, then the lab's. */
    public static List<String> of(StackSettings settings) {
        List<String> arguments = new ArrayList<>();
        settings.application().properties().forEach((name, value) -> arguments.add("--" + name + "=" + value));
        // Given twice, a command-line property is both values joined: the user's alone, if they set it.
        if (!settings.application().properties().containsKey(EXPOSED)) arguments.add("--" + EXPOSED + "=health,metrics,prometheus");
        labs(settings).forEach((name, value) -> arguments.add("--" + name + "=" + value));
        return arguments;
    }

    /**
     * Refuses, before anything starts, a setting the lab owns passed through as a property (the option to use instead
     * is named), and a factor that only the lab's own service reads.
     */
    public static void check(StackSettings settings) {
        checkProperties(settings);
        checkFactors(settings.factors());
    }

    /** A property the lab owns, passed through: refused, with the option to use instead. */
    public static void checkProperties(StackSettings settings) {
        Map<String, String> labs = labs(settings);
        for (String name : settings.application().properties().keySet()) {
            if (labs.containsKey(name) || OWNED_BY_OPTIONS.containsKey(name)) {
                throw new IllegalArgumentException("--app-property " + name + ": the lab sets it" + (OWNED_BY_OPTIONS.containsKey(name)
                        ? "; use " + OWNED_BY_OPTIONS.get(name) : " (the ports, the address, the thread mode and the lab's database and stubs are the lab's)"));
            }
        }
    }

    /** A factor only the lab's own pessoa-service reads: refused for an application. */
    public static void checkFactors(Factors factors) {
        SERVICE_ONLY.forEach((option, set) -> {
            if (set.test(factors)) {
                throw new IllegalArgumentException(option + " is a setting of the lab's own pessoa-service; your application has no such switch");
            }
        });
    }

    /** Properties a factor sets, with its option, whether or not the factor is set this time. */
    private static final Map<String, String> OWNED_BY_OPTIONS = Map.of(
            "spring.threads.virtual.enabled", "--mode",
            "server.tomcat.threads.max", "--tomcat-threads",
            "spring.datasource.hikari.maximum-pool-size", "--pool-size",
            "spring.datasource.hikari.connection-timeout", "--pool-timeout-ms");

    /** One line for {@code ./lab up}'s table and the report: what the application runs with. */
    static String describe(StackSettings settings) {
        Factors f = settings.factors();
        Application app = settings.application();
        return app.jar().describe() + "; " + ServiceEnvironment.describeThreads(settings)
                + (f.poolSize() != null ? ", pool " + f.poolSize() : "")
                + (f.poolTimeoutMs() != null ? ", connection timeout " + f.poolTimeoutMs() + " ms" : "")
                + (app.labDatabase() ? ", the lab's PostgreSQL" : ", its own database")
                + (app.stubs() != null ? ", stubs' URL in " + app.stubUrlProperty() : "");
    }

    private static void putIfSet(Map<String, String> properties, String name, Integer value) {
        if (value != null) properties.put(name, value.toString());
    }
}
