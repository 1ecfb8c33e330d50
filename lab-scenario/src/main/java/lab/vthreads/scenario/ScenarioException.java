package lab.vthreads.scenario;

import java.nio.file.Path;

/** A scenario file the lab cannot run, with the file, the line and the key that say where. */
public final class ScenarioException extends RuntimeException {

    public ScenarioException(Path file, int line, String key, String message) {
        super(file + (line > 0 ? ":" + line : "") + (key != null ? ": '" + key + "'" : "") + ": " + message);
    }
}
