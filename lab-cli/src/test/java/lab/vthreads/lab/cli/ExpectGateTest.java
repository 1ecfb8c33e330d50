package lab.vthreads.lab.cli;

import lab.vthreads.lab.LabMain;
import lab.vthreads.lab.report.ResultsFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code --expect} as a CI job uses it: the exit status and the line that says why, on a results folder. */
class ExpectGateTest {

    @TempDir
    Path results;

    @Test
    void theExitStatusSaysWhetherEveryExpectationHeld() {
        ResultsFiles.write(results, lab.vthreads.lab.report.GateFixtures.experiment());

        assertThat(report("--expect", "virtual/platform >= 2")).isZero();
        assertThat(report("--expect", "virtual/platform >= 2", "--expect", "errors == 0")).isEqualTo(ExpectOptions.CONTRADICTED);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("expect 'errors == 0': FAILS (3 failed requests)");
    }

    @Test
    void aMalformedExpectationIsRefusedBeforeAnythingRuns() {
        int status = LabMain.commandLine().setErr(new java.io.PrintWriter(err, true, StandardCharsets.UTF_8))
                .execute("run", "--expect", "virtual >= 1");

        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("'virtual >= 1' is not an expectation");
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();

    private int report(String... expectations) {
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            String[] args = new String[expectations.length + 2];
            args[0] = "report";
            args[1] = results.toString();
            System.arraycopy(expectations, 0, args, 2, expectations.length);
            return LabMain.commandLine().execute(args);
        } finally {
            System.setOut(stdout);
        }
    }
}
