package lab.vthreads.lab.cli;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.SpringBootJar;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The options that name a user's Spring Boot application to run in the lab's services' place. */
public class ApplicationOptions {

    @Option(names = "--app", paramLabel = "JAR", description = "run this Spring Boot 3.2+ executable jar instead of the lab's two services, "
            + "on the gateway's ports (see docs/your-application.md)")
    Path jar;

    @Option(names = "--app-property", mapFallbackValue = "", paramLabel = "NAME=VALUE",
            description = "a Spring property for the application, passed as --NAME=VALUE (repeatable)")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--app-env", mapFallbackValue = "", paramLabel = "NAME=VALUE", description = "an environment variable for the application (repeatable)")
    Map<String, String> environment = new LinkedHashMap<>();

    @Option(names = "--app-health", paramLabel = "PATH", description = "a path on the application's port that answers 200 once it is up "
            + "(default: Actuator's /actuator/health on its management port; needed without Actuator)")
    String healthPath;

    @Option(names = "--app-database", defaultValue = "lab", paramLabel = "lab|own",
            description = "lab: hand the application the lab's PostgreSQL as spring.datasource.* (its own migrations run); own: it brings its "
                    + "own (in-memory H2, or a URL among its properties) (default: ${DEFAULT-VALUE})")
    String database;

    @Option(names = "--stubs", paramLabel = "DIR", description = "serve this WireMock folder (mappings/, __files/) as the application's slow "
            + "downstreams; --cep-latency, if given, goes on every stub")
    Path stubs;

    @Option(names = "--stub-url-property", paramLabel = "NAME", description = "the property the application reads the downstream's base URL from; "
            + "it receives the stubs' URL")
    String stubUrlProperty;

    /** The application these options name; null without --app. */
    Application application() {
        if (jar == null) {
            if (stubs != null || stubUrlProperty != null || healthPath != null || !properties.isEmpty() || !environment.isEmpty()) {
                throw new IllegalArgumentException("--stubs, --stub-url-property, --app-health, --app-property and --app-env go with --app JAR");
            }
            return null;
        }
        if (!database.equals("lab") && !database.equals("own")) {
            throw new IllegalArgumentException("--app-database " + database + ": use lab or own");
        }
        Application app = new Application(SpringBootJar.inspect(jar), properties, environment, healthPath, database.equals("lab"),
                stubs != null ? stubs.toAbsolutePath().normalize() : null, stubUrlProperty);
        app.notes().forEach(note -> System.out.println("note: " + note));
        return app;
    }
}
