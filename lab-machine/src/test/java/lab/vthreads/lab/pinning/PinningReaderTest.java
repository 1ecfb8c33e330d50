package lab.vthreads.lab.pinning;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A recording this test makes with the lab's own settings: a virtual thread that blocks inside a class initialiser
 * (which pins on every JDK, 25 included) is one pinned event, with its time, its stack and the frame that pinned; a
 * virtual thread that blocks outside one is none.
 */
class PinningReaderTest {

    static final class SlowToInitialise {
        static {
            LockSupport.parkNanos(40_000_000);
        }

        static void touch() {
        }
    }

    @Test
    void readsThePinsOfTheWindowWithTheirTimeStackAndPinningFrame(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("pinning.jfr");
        Instant from, to;
        try (Reader settings = new InputStreamReader(PinningRecording.class.getResourceAsStream("pinning.jfc"), StandardCharsets.UTF_8);
             Recording recording = new Recording(Configuration.create(settings))) {
            recording.start();
            from = Instant.now();
            Thread.ofVirtual().start(() -> LockSupport.parkNanos(40_000_000)).join();
            Thread.ofVirtual().start(SlowToInitialise::touch).join();
            to = Instant.now();
            recording.stop();
            recording.dump(file);
        }

        ServicePinning pinning = PinningReader.read(file, from, to);

        assertThat(pinning.notRead()).isNull();
        assertThat(pinning.events()).isEqualTo(1);
        assertThat(pinning.pinnedMs()).isBetween(35.0, 10_000.0);
        assertThat(pinning.top()).hasSize(1);
        ServicePinning.PinnedStack stack = pinning.top().getFirst();
        assertThat(stack.events()).isEqualTo(1);
        assertThat(stack.frame()).startsWith(SlowToInitialise.class.getName() + ".<clinit>");
        assertThat(stack.stack()).anyMatch(f -> f.startsWith(SlowToInitialise.class.getName() + ".<clinit>"));

        assertThat(PinningReader.read(file, to.plusSeconds(1), to.plusSeconds(2)).events()).as("outside the window").isZero();
    }
}
