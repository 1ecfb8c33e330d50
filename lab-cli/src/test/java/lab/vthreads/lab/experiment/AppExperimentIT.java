package lab.vthreads.lab.experiment;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.PessoaAsAStranger;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.report.ResultsFiles;
import lab.vthreads.lab.stack.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * `./lab run --app` end to end on a jar the lab treats as a stranger's (pessoa-service's own, told everything through
 * Spring properties and its stubs' URL property), with a scenario that writes: each cell's users take the same
 * payload rows from the first, so a cell that met the prewarm's or an earlier cell's people would get 409s for their
 * CPFs. None does: every cell starts from the data the application's migrations left.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class AppExperimentIT {

    static final Path HOME = ExperimentRunIT.HOME;

    @Test
    void measuresAUsersJarInBothModesFromTheSameDataInEveryCell(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp) throws Exception {
        Path dir = temp.resolve("run");
        Preset tiny = Preset.parse("""
                name: tiny-app
                description: A user's application, a few seconds a cell.
                why: A test.
                simulation: ScenarioSimulation
                workload: closed
                users: [2, 4]
                modes: [platform, virtual]
                aaControl: virtual
                aaControlUsers: highest
                rampUpSeconds: 1
                holdSeconds: 4
                rampDownSeconds: 0
                warmupSeconds: 2
                cepLatency: fixed:20
                tomcatThreads: 8
                repeat: 1
                prewarmSeconds: 15
                """);
        Path scenario = PessoaAsAStranger.storeAndReadBack(temp, 5000);
        Application app = PessoaAsAStranger.withStubs(HOME);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ExperimentRunner runner = new ExperimentRunner(new ExperimentRunner.Options(tiny, false, HOME, dir, FreePorts.stack(), 0.5, false, 0, false, false,
                Isolation.Request.AUTO, new PrintStream(progress, true), app, scenario));

        ExperimentResults results = runner.run();
        ResultsFiles.write(dir, results);

        assertThat(results.cells()).extracting(ExperimentResults.CellResult::id)
                .containsExactly("platform-2u", "virtual-2u", "platform-4u", "virtual-4u", "virtual-4u-aa");
        for (ExperimentResults.CellResult cell : results.cells()) {
            assertThat(cell.failures()).as(cell.id()).isEmpty();
            ExperimentResults.RepeatResult run = cell.repeats().getFirst();
            assertThat(run.client().created201()).as(cell.id()).isPositive();
            // The same CPFs in every cell, and no 409: each started from the migrations' data, not from the last cell's.
            assertThat(run.client().ko()).as(cell.id() + ": " + run.client().koReasons()).isZero();
            assertThat(run.processes()).as(cell.id()).containsKeys("postgres", "wiremock", "app", "gatling").doesNotContainKeys("pessoa-service", "gateway-service");
            assertThat(run.prewarm().compileShares()).as(cell.id()).containsOnlyKeys("app");
            // The application's own JVM keeps the JFR pinning recording, read per window like the lab's services'.
            assertThat(run.pinning()).as(cell.id()).containsKey("app");
        }
        assertThat(results.calibration()).isNull();
        assertThat(progress.toString()).contains("the application's database after its own migrations:", "put back before each cell");
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("| virtual-4u-aa |").contains("not checked");
        assertThat(runner.loadGenerators()).isNotEmpty().noneMatch(g -> g.process().isAlive());
    }
}
