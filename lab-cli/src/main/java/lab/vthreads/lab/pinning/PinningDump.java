package lab.vthreads.lab.pinning;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Writes a running service's pinning recording to a file with jcmd (JFR.dump), without stopping it. */
public final class PinningDump {

    private PinningDump() {
    }

    public static void dump(Path jcmd, long pid, Path file) throws IOException, InterruptedException {
        Files.deleteIfExists(file);
        Process process = new ProcessBuilder(List.of(jcmd.toString(), Long.toString(pid), "JFR.dump", "name=" + PinningRecording.NAME,
                "filename=" + file.toAbsolutePath())).redirectErrorStream(true).redirectOutput(log(file).toFile()).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("jcmd " + pid + " JFR.dump did not finish within 60 s");
        }
        if (process.exitValue() != 0 || !Files.isRegularFile(file)) {
            throw new IOException("jcmd " + pid + " JFR.dump failed (exit " + process.exitValue() + "): "
                    + Files.readString(log(file), StandardCharsets.UTF_8).strip().replaceAll("\\s+", " "));
        }
        Files.deleteIfExists(log(file));
    }

    private static Path log(Path file) {
        return file.resolveSibling(file.getFileName() + ".jcmd.log");
    }
}
