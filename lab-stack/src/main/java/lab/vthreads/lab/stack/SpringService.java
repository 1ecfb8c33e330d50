package lab.vthreads.lab.stack;

import lab.vthreads.lab.stack.StackSettings.Component;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One Spring Boot JVM the lab runs as a service under test, described the same way whoever wrote it: the lab's own
 * gateway-service and pessoa-service and a user's jar take one path through {@link Launcher#start} and
 * {@link RunningStack#startServices}, and differ only in these values (see {@link SystemUnderTest}).
 *
 * @param arguments      the Spring properties the lab sets, as command-line arguments ({@code --name=value})
 * @param environment    variables the process gets besides the lab's (a user's {@code --app-env})
 * @param readiness      how the lab tells it is up
 * @param address        where it listens, for the stack's table
 * @param settings       what it runs with, in words, for the stack's table and the report
 * @param launch         how its jar starts: from an AOT cache, extracted, or as a jar (the {@code launch} factor, else the
 *                       lab's own services from a cache, whose start-up it knows, and a user's jar as it is)
 * @param classpathAhead a jar to put before the jar's own libraries (another HikariCP), or null
 */
record SpringService(Component component, Path jar, List<String> arguments, Map<String, String> environment,
                     lab.vthreads.lab.process.Readiness readiness,
                     String address, String settings, Launch launch, Path classpathAhead) {

    SpringService {
        // It runs in a working directory of its own (Launcher.workingDirectory), where a relative path would not resolve.
        jar = jar.toAbsolutePath().normalize();
        classpathAhead = classpathAhead != null ? classpathAhead.toAbsolutePath().normalize() : null;
        arguments = List.copyOf(arguments);
        environment = Map.copyOf(environment);
    }
}
