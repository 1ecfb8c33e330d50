package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.StartupCheck;
import lab.vthreads.lab.measured.StartupCheck.Outcome;
import lab.vthreads.lab.measured.StartupCheck.Start;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The start-up check's starts kept between runs, on a real folder: marked with the run that made them, and read back by kind. */
class KeptStartsTest {

    private static final Cell VIRTUAL = new Cell(null, ThreadMode.VIRTUAL, 120, Factors.NONE);
    private static final Cell PLATFORM = new Cell(null, ThreadMode.PLATFORM, 120, Factors.NONE);

    private static KeptStarts kept(Path results) {
        return new KeptStarts(results, kind -> "startup-" + kind.mode().label());
    }

    @Test
    void aRunsStartsAreReadBackByTheNextMarkedWithTheRunThatMadeThemTheirDumpsLeadingThere(@TempDir Path results) {
        Start answered = new Start(1, Outcome.ANSWERED, null, 2, 180L, null, null);
        Start hung = new Start(2, Outcome.HUNG, "GET /cold: no response", 2, null, Map.of("app", "startup/virtual/start-2/app-threads-start-2.json"),
                Map.of("app", "every carrier (2 of 2) blocked"));

        assertThat(kept(results).keep(VIRTUAL, List.of(answered, hung), "20261205-063714-app")).isNull();

        List<Start> read = kept(results).of(VIRTUAL);
        assertThat(read).extracting(Start::start).containsExactly(1, 2);
        assertThat(read).extracting(Start::keptFrom).containsOnly("20261205-063714-app");
        assertThat(read.get(1).dumps()).containsEntry("app", "../20261205-063714-app/startup/virtual/start-2/app-threads-start-2.json");
        assertThat(read.get(1).stalled()).containsEntry("app", "every carrier (2 of 2) blocked");
        // Another kind has its own file: none kept for it.
        assertThat(kept(results).of(PLATFORM)).isEmpty();

        // The next run keeps them with its own: an earlier start stays marked with the run that made it.
        Start third = new Start(3, Outcome.ANSWERED, null, 2, 170L, null, null);
        kept(results).keep(VIRTUAL, List.of(read.get(0), read.get(1), third), "20261205-080000-app");
        assertThat(kept(results).of(VIRTUAL)).extracting(Start::keptFrom).containsExactly("20261205-063714-app", "20261205-063714-app", "20261205-080000-app");
        assertThat(kept(results).of(VIRTUAL).get(1).dumps()).containsEntry("app", "../20261205-063714-app/startup/virtual/start-2/app-threads-start-2.json");

        StartupCheck check = new StartupCheck("virtual", ThreadMode.VIRTUAL, null, 120, 30, kept(results).of(VIRTUAL));
        assertThat(check.kept()).isEqualTo(3);
        assertThat(check.text()).startsWith("virtual: 1 of 3 starts hung").contains("3 of the starts kept from earlier runs");
    }

    @Test
    void anUnreadableFileKeepsNothing(@TempDir Path results) throws Exception {
        Files.createDirectories(results.resolve(".startup-checks"));
        Files.writeString(results.resolve(".startup-checks/startup-virtual.json"), "{ an older lab's format");

        assertThat(kept(results).of(VIRTUAL)).isEmpty();
    }
}
