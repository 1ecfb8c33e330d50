package lab.vthreads.lab.load;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The load generator's published counts, as {@code LiveCounts} in the gatling module writes them. */
class LoadCountsTest {

    @Test
    void readsTheLineAsPublished(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("gatling-counts.txt"), "epochMs=1764800000000 answered=120 answeredMs=52800 ok=118 ko=2\n");

        LoadCounts.Counts counts = new LoadCounts(file).read();

        assertThat(counts).isEqualTo(new LoadCounts.Counts(1764800000000L, 120, 52800, 118, 2));
    }

    @Test
    void nothingPublishedYetIsNoCountsNotZero(@TempDir Path dir) {
        assertThat(new LoadCounts(dir.resolve("not-yet.txt")).read()).isNull();
    }
}
