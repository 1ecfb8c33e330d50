package lab.vthreads.lab.app;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The tests' stranger of the project's own making (lab-corpus-app): a small Spring Boot application the lab knows
 * nothing of but its jar and its port, whose properties make it differ from the lab's services as real ones do.
 */
public final class CorpusApp {

    private CorpusApp() {
    }

    public static SpringBootJar jar(Path home) throws IOException {
        return PessoaAsAStranger.moduleJar(home, "lab-corpus-app");
    }

    /** With these of its properties ({@code corpus.*}), and no database of the lab's: it has none to be handed. */
    public static Application with(Path home, Map<String, String> properties) throws IOException {
        return new Application(jar(home), properties, Map.of(), null, false, null, null);
    }
}
