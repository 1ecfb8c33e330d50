package lab.vthreads.lab.cli;

import lab.vthreads.lab.LabMain;
import lab.vthreads.lab.report.GateFixtures;
import lab.vthreads.lab.report.ResultsFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** `./lab compare A B` on two results folders: the table on the standard output, or a refusal that says what differs. */
class CompareCommandTest {

    @TempDir
    Path dir;

    @Test
    void twoRunsOfOnePresetAreSetSideBySide() {
        ResultsFiles.write(dir.resolve("a"), GateFixtures.experiment());
        ResultsFiles.write(dir.resolve("b"), GateFixtures.experiment());

        Outcome o = compare(dir.resolve("a"), dir.resolve("b"));

        assertThat(o.status()).isZero();
        assertThat(o.out()).startsWith("# fixture: a (A) against b (B)").contains("| platform at 200 users | 110.0 | 110.0 | 1.00× | not distinguishable");
    }

    @Test
    void runsWithOtherCellsAreRefusedWithStatusTwo() {
        ResultsFiles.write(dir.resolve("a"), GateFixtures.experiment());
        ResultsFiles.write(dir.resolve("b"), GateFixtures.virtualOnly());

        Outcome o = compare(dir.resolve("a"), dir.resolve("b"));

        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("lab compare: the runs' cells differ: only the first has platform at 200 users");
    }

    record Outcome(int status, String out, String err) {
    }

    private static Outcome compare(Path a, Path b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        PrintStream stdout = System.out, stderr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int status = LabMain.commandLine().execute("compare", a.toString(), b.toString());
            return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
    }
}
