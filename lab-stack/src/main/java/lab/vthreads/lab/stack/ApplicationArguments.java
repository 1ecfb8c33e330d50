package lab.vthreads.lab.stack;

import lab.vthreads.lab.app.Application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the factors become a user's application's settings: Spring properties any Spring Boot application reads,
 * passed as {@code --name=value} arguments (the highest precedence after none, so its own application.yaml cannot
 * quietly win). The counterpart of {@link SpringProperties} for the lab's own services. A factor that is not set is
 * not passed, so the application keeps its own default.
 */
public final class ApplicationArguments {

    private ApplicationArguments() {
    }

    /** The lab's properties for the application under these settings, in the order they are passed. */
    static Map<String, String> labs(StackSettings settings) {
        Application app = settings.application();
        StackSettings.StackPorts p = settings.ports();
        // The application stands where the gateway does: its ports.
        Map<String, String> properties = SpringProperties.common(settings, p.gateway(), p.gatewayManagement());
        properties.putAll(SpringProperties.database(settings, app.labDatabase() ? settings.jdbcUrl() : null));
        if (app.stubUrlProperty() != null) properties.put(app.stubUrlProperty(), settings.url(p.wiremock()));
        return properties;
    }

    /**
     * What the lab reads on the management port where it answers: health to know it is up, metrics (or Prometheus,
     * where the application has its registry) for what only the application knows: its pool, Tomcat's threads, its
     * server timer. Spring exposes only health by default; a user who sets the property keeps theirs.
     */
    static final String EXPOSED = "management.endpoints.web.exposure.include";

    /** The command line's arguments: the user's properties, then the lab's. */
    public static List<String> of(StackSettings settings) {
        Map<String, String> properties = new LinkedHashMap<>(settings.application().properties());
        // Given twice, a command-line property is both values joined: the user's alone, if they set it.
        properties.putIfAbsent(EXPOSED, "health,metrics,prometheus");
        properties.putAll(labs(settings));
        return SpringProperties.arguments(properties);
    }

    /**
     * Refuses, before anything starts, a setting the lab owns passed through as a property (the option to use instead
     * is named), a factor that only the lab's own service reads, and a mode that runs one of the lab's own services
     * instead (the system these settings describe refuses it).
     */
    public static void check(StackSettings settings) {
        checkProperties(settings);
        checkFactors(settings.factors());
        settings.system();
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
        for (Factor factor : Factor.values()) {
            if (!factor.forApplications() && factor.asked(factors) != null) {
                throw new IllegalArgumentException(factor.option() + " is a setting of the lab's own pessoa-service; your application has no such switch");
            }
        }
    }

    /** Properties a factor sets, with its option, whether or not the factor is set this time. */
    private static final Map<String, String> OWNED_BY_OPTIONS = ownedByOptions();

    private static Map<String, String> ownedByOptions() {
        Map<String, String> owned = new LinkedHashMap<>(Map.of("spring.threads.virtual.enabled", "--mode"));
        owned.putAll(Factor.optionsOfApplicationProperties());
        return owned;
    }
}
