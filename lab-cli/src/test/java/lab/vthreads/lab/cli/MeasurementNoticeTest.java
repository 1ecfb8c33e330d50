package lab.vthreads.lab.cli;

import lab.vthreads.lab.metrics.OshiStats;
import lab.vthreads.lab.metrics.ProcStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** What `./lab run` says at its start about the figures a machine cannot give. */
class MeasurementNoticeTest {

    @Test
    void warnsWhereNothingReadsTheProcessesNotesOshiAndSaysNothingOnLinux(@TempDir Path noProc) {
        // An empty folder is a /proc without stat: nothing measured.
        assertThat(RunCommand.measurementNotice(new ProcStats(noProc))).startsWith("Warning:").contains("not measured");
        assertThat(RunCommand.measurementNotice(new OshiStats())).startsWith("Note: no /proc here").contains("OSHI");
        assertThat(RunCommand.measurementNotice(new ProcStats(Path.of("/proc")))).isNull();
    }
}
