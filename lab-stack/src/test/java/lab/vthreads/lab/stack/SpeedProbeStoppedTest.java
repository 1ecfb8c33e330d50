package lab.vthreads.lab.stack;

import lab.vthreads.lab.metrics.SpeedProbe;
import lab.vthreads.lab.process.ManagedProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Whether the run can say, at its start, why no window will carry the machine's speed: the real probe, started as the launcher starts it. */
class SpeedProbeStoppedTest {

    @TempDir
    Path dir;

    @RegisterExtension
    final StartedProcesses started = new StartedProcesses();

    private ManagedProcess probe(String owner) {
        return started.start(SpeedProbe.COMPONENT, List.of(Launcher.javaExecutable(), "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                SpeedProbe.class.getName(), dir.resolve("totals").toString(), owner), dir.resolve(SpeedProbe.COMPONENT + ".log"));
    }

    @Test
    void aProbeThatCouldNotStartIsNamedWithItsExitCodeAndWhatItSaid() {
        ManagedProcess refused = probe("not-a-pid");

        assertThat(RunningStack.stopped(refused, System.nanoTime()))
                .hasValueSatisfying(why -> assertThat(why).startsWith("speed-probe exited with code 1 (").contains("NumberFormatException", "not-a-pid")
                        .endsWith("its log: " + dir.resolve(SpeedProbe.COMPONENT + ".log")));
    }

    @Test
    void aProbeThatRunsIsNotNamed() {
        ManagedProcess running = probe(Long.toString(ProcessHandle.current().pid()));

        assertThat(RunningStack.stopped(running, System.nanoTime())).isEmpty();
        assertThat(running.isAlive()).isTrue();
    }
}
