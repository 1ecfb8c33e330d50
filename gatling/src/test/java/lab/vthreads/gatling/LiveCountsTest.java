package lab.vthreads.gatling;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** What the load generator publishes for the lab while it runs. */
class LiveCountsTest {

    @Test
    void publishesEveryAnswerAndOutcomeAndAFinalLineOnClose(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("counts.txt");
        LiveCounts counts = LiveCounts.publishingTo(file.toString());
        counts.answered(100);
        counts.outcome(true);
        counts.answered(300);
        counts.outcome(false);
        // No answer at all: a failure, not an answer.
        counts.outcome(false);

        counts.close();

        assertThat(Files.readString(file)).matches("epochMs=\\d+ answered=2 answeredMs=400 ok=1 ko=2\n");
        assertThat(dir.resolve("counts.txt.next")).doesNotExist();
    }

    @Test
    void publishesWhileItRuns(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("counts.txt");
        try (LiveCounts counts = LiveCounts.publishingTo(file.toString())) {
            counts.answered(5);
            counts.outcome(true);
            // Published within a few periods without being closed.
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (!(Files.exists(file) && Files.readString(file).contains("answered=1 ")) && System.nanoTime() < deadline) Thread.sleep(LiveCounts.PERIOD_MS);
            assertThat(Files.readString(file)).contains("answered=1 answeredMs=5 ok=1 ko=0");
        }
    }

    @Test
    void withoutAFileNothingIsWritten(@TempDir Path dir) throws Exception {
        LiveCounts counts = LiveCounts.publishingTo(null);
        counts.answered(1);
        counts.close();
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }
}
