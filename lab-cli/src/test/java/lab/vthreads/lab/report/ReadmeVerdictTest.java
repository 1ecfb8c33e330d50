package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static lab.vthreads.lab.report.RunFixtures.cell;
import static lab.vthreads.lab.report.RunFixtures.experiment;
import static lab.vthreads.lab.report.RunFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The README's verdict table, written from a run instead of by hand. */
class ReadmeVerdictTest {

    private static final ExperimentResults RUN = experiment(List.of(
            cell(ThreadMode.PLATFORM, 200, false, run(1, 50, 0.01, true, 0.3)),
            cell(ThreadMode.VIRTUAL, 200, false, run(1, 400, 0.01, false, 0.5)),
            cell(ThreadMode.VIRTUAL, 200, true, run(1, 392, 0.00, false, 0.5)),
            cell(ThreadMode.PLATFORM, 20, false, run(1, 39, 0.0, false, 0.1)),
            cell(ThreadMode.VIRTUAL, 20, false, run(1, 40, 0.0, false, 0.1))), true);

    @Test
    void writesEachLevelsFiguresAsTheVerdictHasThem() {
        Summary summary = Summary.of(RUN);
        Verdict.Level top = summary.verdict().levels().stream().filter(l -> l.users() == 200).findFirst().orElseThrow();

        String block = ReadmeVerdict.block("20261121-100000-fixture", RUN, summary);

        assertThat(block).startsWith("`20261121-100000-fixture`, started 2026-11-21: 2 cores, 23 GiB, JDK 25.0.1 (Eclipse Adoptium); not partitioned");
        // 400 ÷ 50 = 8.00, beyond a ±2.0% A/A spread from one run by more than 20%: bold, and the model's own ratio beside it
        // the fixture's runs had no prewarm: said so, not "yes"
        assertThat(block).contains(String.format(java.util.Locale.ROOT, "| 200 | 50.0 | 400.0 | **8.00×** | %.2f× | ±2.0%% | beyond it | yes | none ran |",
                top.predictedRatio()));
        assertThat(block).contains("| Tomcat threads / users (closed workload) |");
        // 20 users: no copy of its own, one run: no noise floor, and no A/A figure borrowed from another level
        assertThat(block).contains("| 20 | 39.0 | 40.0 | 1.03× |").contains("| – | no noise floor (no A/A copy) |");
    }

    @Test
    void replacesOnlyTheBlockBetweenTheMarkers() {
        String readme = "# Title\n\nBefore.\n\n" + ReadmeVerdict.BEGIN + "\nan old table\n" + ReadmeVerdict.END + "\n\nAfter.\n";

        String written = ReadmeVerdict.into(readme, "run", RUN, Summary.of(RUN));

        assertThat(written).startsWith("# Title\n\nBefore.\n\n" + ReadmeVerdict.BEGIN + "\n`run`, started").endsWith(ReadmeVerdict.END + "\n\nAfter.\n")
                .doesNotContain("an old table");
        // written twice, the same: the block is replaced, not appended to
        assertThat(ReadmeVerdict.into(written, "run", RUN, Summary.of(RUN))).isEqualTo(written);
    }

    @Test
    void theLabsReadmeHasItsGeneratedBlock() throws Exception {
        String readme = java.nio.file.Files.readString(java.nio.file.Path.of("..", "README.md"));

        assertThat(ReadmeVerdict.into(readme, "run", RUN, Summary.of(RUN))).contains("`run`, started 2026-11-21");
    }

    @Test
    void refusesAReadmeWithoutItsMarkersRatherThanWriteAnywhere() {
        assertThatIllegalArgumentException().isThrownBy(() -> ReadmeVerdict.into("# No markers\n", "run", RUN, Summary.of(RUN)))
                .withMessageContaining("no single block between");
        String twice = ReadmeVerdict.BEGIN + "\n" + ReadmeVerdict.END + "\n" + ReadmeVerdict.BEGIN + "\n" + ReadmeVerdict.END + "\n";
        assertThatIllegalArgumentException().isThrownBy(() -> ReadmeVerdict.into(twice, "run", RUN, Summary.of(RUN)));
    }
}
