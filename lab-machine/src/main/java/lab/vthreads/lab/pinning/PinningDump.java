package lab.vthreads.lab.pinning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a running service's pinning recording to a file with jcmd (JFR.dump), without stopping it. */
public final class PinningDump {

    private PinningDump() {
    }

    public static void dump(Path jcmd, long pid, Path file) throws IOException, InterruptedException {
        Files.deleteIfExists(file);
        Jcmd.writeFile(jcmd, pid, file, 60, "JFR.dump", "name=" + PinningRecording.NAME, "filename=" + file.toAbsolutePath());
    }
}
