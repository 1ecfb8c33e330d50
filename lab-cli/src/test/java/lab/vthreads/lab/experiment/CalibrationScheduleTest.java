package lab.vthreads.lab.experiment;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which cell's services the calibration is measured on. */
class CalibrationScheduleTest {

    private static final Path HOME = Path.of("..");

    @Test
    void theCalibratedCellIsAVirtualOneOnAPairThatDoesNotPin() {
        // Not on a pinned pair: its saturation would be the pinned bound, not the CPU's.
        assertThat(CalibrationSchedule.calibrated(Preset.resolve(HOME, "pinning").cells()).id()).isEqualTo("jdk25-reentrant-lock-virtual-40u");
        List<Cell> defaults = Preset.resolve(HOME, "default").cells();
        assertThat(CalibrationSchedule.calibrated(defaults)).isEqualTo(defaults.stream().filter(c -> c.mode() == ThreadMode.VIRTUAL).findFirst().orElseThrow());
    }

    @Test
    void theReactiveServiceIsCalibratedOnAReactiveCellOfItsOwnAndTheBlockingServicesStillOnAVirtualOne() {
        List<Cell> cells = Preset.resolve(HOME, "reactive").cells();

        Cell reactive = CalibrationSchedule.calibrated(cells, ThreadMode.REACTIVE);

        assertThat(reactive.mode()).isEqualTo(ThreadMode.REACTIVE);
        assertThat(reactive.replica()).isFalse();
        assertThat(CalibrationSchedule.calibrated(cells).mode()).isEqualTo(ThreadMode.VIRTUAL);
    }
}
