package lab.vthreads.lab.experiment;

import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.TestPreset;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.report.ResultsFiles;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.FreePorts;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ./lab run --target against two stacks the test starts as ./lab up does, one per thread mode on ports of their own:
 * the lab starts and stops nothing of theirs, measures what it can over HTTP, and its report says what it could not.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class ExternalTargetIT {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void runsTheCellsAgainstStacksItDidNotStartAndSaysWhatItCouldNotMeasure(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp) throws Exception {
        StackSettings platform = settings(ThreadMode.PLATFORM, temp.resolve("platform"));
        StackSettings virtual = settings(ThreadMode.VIRTUAL, temp.resolve("virtual"));
        // The platform stack is described fully; the virtual one without its database and CEP mock, so both paths run.
        Path targetFile = temp.resolve("target.yaml");
        Files.writeString(targetFile, """
                platform:
                  gateway: http://127.0.0.1:%d
                  pessoaManagement: http://127.0.0.1:%d
                  gatewayManagement: http://127.0.0.1:%d
                  jdbcUrl: %s
                  jdbcUser: postgres
                  jdbcPassword: postgres
                  cepAdmin: http://127.0.0.1:%d
                virtual:
                  gateway: http://127.0.0.1:%d
                  pessoaManagement: http://127.0.0.1:%d
                  gatewayManagement: http://127.0.0.1:%d
                """.formatted(platform.ports().gateway(), platform.ports().pessoaManagement(), platform.ports().gatewayManagement(),
                platform.jdbcUrl(), platform.ports().wiremock(), virtual.ports().gateway(), virtual.ports().pessoaManagement(),
                virtual.ports().gatewayManagement()));
        Preset tiny = TestPreset.named("tiny").description("Two cells, a few seconds each.").seconds(1, 4, 3).cepLatency("fixed:50")
                .set("tomcatThreads", 10).build();
        Path dir = temp.resolve("run");
        List<ProcessHandle> theirs = new ArrayList<>();
        try (RunningStack platformStack = RunningStack.start(platform); RunningStack virtualStack = RunningStack.start(virtual)) {
            for (RunningStack stack : List.of(platformStack, virtualStack)) stack.processes().values().forEach(p -> theirs.addAll(p.handles()));
            ByteArrayOutputStream progress = new ByteArrayOutputStream();

            ExperimentResults results = new ExternalRunner(new ExternalRunner.Options(tiny, false, HOME, dir, targetFile, 0.5,
                    new PrintStream(progress, true))).run();
            ResultsFiles.write(dir, results);

            assertThat(theirs).as("the stacks' processes, after the run").isNotEmpty().allMatch(ProcessHandle::isAlive);
            assertThat(results.cells()).extracting(ExperimentResults.CellResult::id).containsExactly("platform-4u", "virtual-4u");
            for (ExperimentResults.CellResult cell : results.cells()) {
                ExperimentResults.RepeatResult run = cell.repeats().getFirst();
                assertThat(run.client().ok()).as(cell.id()).isPositive();
                assertThat(run.client().ko()).as(cell.id()).isZero();
                assertThat(run.client().consistent()).as(cell.id() + ": every 201 one new row").isTrue();
                // Only what the lab owns has CPU figures; the services' own metrics still come over HTTP.
                assertThat(run.processes().keySet()).as(cell.id()).containsExactlyInAnyOrder("gatling", "lab");
                assertThat(run.server().peakPlatformThreadsServer()).as(cell.id()).isPositive();
            }
            assertThat(results.calibration()).isNull();
            assertThat(results.target().unapplied()).containsExactly("tomcatThreads=10");
            assertThat(results.target().unavailable()).anyMatch(u -> u.contains("calibration")).anyMatch(u -> u.contains("no jdbcUrl"));
            assertThat(results.target().endpoints().get("platform").jdbcPassword()).isNull();
            assertThat(ExperimentRunIT.ResultsFilesSchema.validate(dir.resolve("results.json"))).isEmpty();
            // The same report as a managed run, with the external stack said at the top.
            String summary = Files.readString(dir.resolve("summary.md"));
            assertThat(summary).contains("External stack (--target " + targetFile, "tomcatThreads=10", "## Results per cell",
                    "## virtual ÷ platform", "platform-4u", "virtual-4u");
            assertThat(Files.readString(dir.resolve("index.html"))).contains("External stack (--target");
            // The platform stack's database was emptied before its run: it holds exactly that run's rows.
            assertThat(count(platform)).isEqualTo(results.cells().getFirst().repeats().getFirst().client().created201());
        }
    }

    private static StackSettings settings(ThreadMode mode, Path run) {
        return new StackSettings(mode, Factors.builder().cepLatency("fixed:50").build(), FreePorts.stack(), Map.of(), null, HOME, run);
    }

    private static long count(StackSettings stack) throws Exception {
        try (var c = java.sql.DriverManager.getConnection(stack.jdbcUrl(), "postgres", "postgres");
             var rs = c.createStatement().executeQuery("SELECT count(*) FROM pessoa")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
