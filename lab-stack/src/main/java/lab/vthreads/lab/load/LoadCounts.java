package lab.vthreads.lab.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * What a running load generator has received so far, as it publishes it ({@code LiveCounts} in the gatling module,
 * through {@link LoadProperties#liveFile}): the lab's own view of throughput, response time and errors, the same for
 * every kind of system, whatever it publishes itself.
 */
public final class LoadCounts {

    /**
     * @param epochMs    when the load generator wrote these
     * @param answered   answers with a status, whatever it was
     * @param answeredMs their response times added up
     * @param ok         requests that succeeded as the scenario expects
     * @param ko         requests that failed: a wrong status or no answer
     */
    public record Counts(long epochMs, long answered, long answeredMs, long ok, long ko) {
    }

    private final Path file;

    public LoadCounts(Path file) {
        this.file = file;
    }

    /** The counts as last published; null before the first publication (the load generator still starting) or if unreadable. */
    public Counts read() {
        try {
            return parse(Files.readString(file));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static Counts parse(String line) {
        Map<String, Long> values = new HashMap<>();
        for (String pair : line.trim().split(" ")) {
            int eq = pair.indexOf('=');
            if (eq > 0) values.put(pair.substring(0, eq), Long.parseLong(pair.substring(eq + 1)));
        }
        return new Counts(values.get("epochMs"), values.get("answered"), values.get("answeredMs"), values.get("ok"), values.get("ko"));
    }
}
