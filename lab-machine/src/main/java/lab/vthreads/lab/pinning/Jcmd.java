package lab.vthreads.lab.pinning;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One jcmd diagnostic command that writes {@code file} in a running JVM: the JFR dumps after each window. */
final class Jcmd {

    private Jcmd() {
    }

    /** Runs {@code jcmd <pid> <command...> } and fails, with jcmd's own words, unless it ends in time having written {@code file}. */
    static void writeFile(Path jcmd, long pid, Path file, int timeoutSeconds, String... command) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid)));
        line.addAll(List.of(command));
        // jcmd's answer goes to a file beside the one it writes, not a pipe: a pipe nobody reads could block it past its timeout.
        Path log = file.resolveSibling(file.getFileName() + ".jcmd.log");
        Process process = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended;
        try {
            ended = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        } catch (InterruptedException stopped) {
            // Whoever stopped the caller (the lab stopping mid-dump) stops jcmd too: no process outlives the lab's wait.
            process.destroyForcibly();
            throw stopped;
        }
        if (!ended) {
            process.destroyForcibly();
            throw new IOException("jcmd " + pid + " " + command[0] + " did not finish within " + timeoutSeconds + " s");
        }
        if (process.exitValue() != 0 || !Files.isRegularFile(file)) {
            throw new IOException("jcmd " + pid + " " + command[0] + " failed (exit " + process.exitValue() + "): "
                    + Files.readString(log, StandardCharsets.UTF_8).strip().replaceAll("\\s+", " "));
        }
        Files.deleteIfExists(log);
    }
}
