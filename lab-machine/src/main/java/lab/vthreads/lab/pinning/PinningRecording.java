package lab.vthreads.lab.pinning;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The JFR recording every service JVM the lab starts keeps from its start: virtual-thread pinning and failed submits
 * only (pinning.jfc), kept in the JVM's own repository until the lab dumps it after each measured window.
 */
public final class PinningRecording {

    public static final String NAME = "lab-pinning";
    /** jdk.VirtualThreadPinned's threshold in pinning.jfc: shorter pins are not recorded. */
    public static final double THRESHOLD_MS = 1;

    private PinningRecording() {
    }

    /** The flag that starts the recording, its settings file written into {@code runDirectory} (where the JVM reads it). */
    public static List<String> jvmFlags(Path runDirectory) {
        Path settings = runDirectory.resolve("pinning.jfc");
        try (InputStream in = PinningRecording.class.getResourceAsStream("pinning.jfc")) {
            if (in == null) throw new IllegalStateException("pinning.jfc is missing from the lab's classpath");
            Files.createDirectories(runDirectory);
            Files.copy(in, settings, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.of("-XX:StartFlightRecording=name=" + NAME + ",settings=" + settings);
    }
}
