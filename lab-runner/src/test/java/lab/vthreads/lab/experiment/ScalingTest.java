package lab.vthreads.lab.experiment;

import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.model.ScaledScenario;
import lab.vthreads.lab.plan.Preset;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** --scale as a step: the paper's preset sized from a calibration, the preset it started from left as it was. */
class ScalingTest {

    private static final Partition PARTITION = new Partition(Partition.Mode.AFFINITY, "test", "0", "1", Map.of());

    @Test
    void thePresetsUsersAndThreadsComeFromTheCalibrationAndTheOriginalStaysAsItWas() {
        Preset paper = Preset.resolve(Path.of("..").toAbsolutePath().normalize(), "paper");
        List<Integer> publishedUsers = paper.users();
        Calibration.Run low = new Calibration.Run(30, 10, Map.of("pessoa-service", 0.05), 12, 1, 1, 3, 0.1);
        Calibration.Run high = new Calibration.Run(30, 30, Map.of("pessoa-service", 0.11), 12, 1, 1, 3, 0.2);
        Calibration.Run saturated = new Calibration.Run(30, 200, Map.of("pessoa-service", 0.6), 40, 1, 1, 3, 0.9);
        Calibration calibration = Calibration.of(2, 30, low, high, saturated, 200, 64);

        Scaling scaling = Scaling.of(paper, calibration, PARTITION);

        ScaledScenario expected = ScaledScenario.of(paper.published().scaling().threadBound(), paper.published().scaling().cpuBound(),
                paper.published().scaling().tomcatThreads(), publishedUsers, calibration.cpuBound(PARTITION),
                calibration.responseMs(paper.latency().meanMillis()) / 1000);
        assertThat(scaling.scenario()).isEqualTo(expected);
        assertThat(scaling.preset().users()).isEqualTo(expected.users()).isNotEqualTo(publishedUsers);
        assertThat(scaling.preset().cells()).allSatisfy(cell -> assertThat(cell.factors().tomcatThreads()).isEqualTo(expected.tomcatThreads()));
        assertThat(scaling.preset().holdSeconds()).isEqualTo(paper.holdSeconds());
        assertThat(paper.users()).isEqualTo(publishedUsers);
    }
}
