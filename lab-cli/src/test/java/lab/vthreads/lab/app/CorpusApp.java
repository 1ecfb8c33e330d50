package lab.vthreads.lab.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The tests' stranger of the project's own making (lab-corpus-app): a small Spring Boot application the lab knows
 * nothing of but its jar and its port, whose properties make it differ from the lab's services as real ones do.
 */
public final class CorpusApp {

    private CorpusApp() {
    }

    public static SpringBootJar jar(Path home) throws IOException {
        try (Stream<Path> files = Files.list(home.resolve("lab-corpus-app/target"))) {
            return SpringBootJar.inspect(files.filter(f -> f.getFileName().toString().matches("lab-corpus-app-.*\\.jar")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no lab-corpus-app jar: build with ./mvnw -DskipTests package")));
        }
    }

    /** With these of its properties ({@code corpus.*}), and no database of the lab's: it has none to be handed. */
    public static Application with(Path home, Map<String, String> properties) throws IOException {
        return new Application(jar(home), properties, Map.of(), null, false, null, null);
    }
}
