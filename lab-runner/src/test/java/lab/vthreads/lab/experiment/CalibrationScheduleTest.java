package lab.vthreads.lab.experiment;

import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.StackPlan;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
    void withScaleTheModelsCalibrationIsMeasuredAgainOnTheSizedVirtualCellsWarmServices(@TempDir Path root) throws Exception {
        Preset paper = Preset.resolve(HOME, "paper");
        Path results = root.resolve("run");
        Files.createDirectories(results.resolve("calibration"));
        Files.writeString(results.resolve("calibration").resolve("gatling-saturation.log"), "the sizing run's");
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        ExperimentRunner.Options options = new ExperimentRunner.Options(paper, true, HOME, results, null, 0.5, false, 20, false, true,
                Isolation.Request.AUTO, new PrintStream(said, true));
        CalibrationSchedule schedule = CalibrationSchedule.of(options, paper, paper.cells(), new Progress(new PrintStream(said, true))).getFirst();
        Calibration sizing = calibration();
        List<Cell> sized = paper.withUsers(List.of(44, 221, 443), Factors.tomcatThreads(177)).cells();

        Calibration forNow = schedule.afterSizing(sized, sizing, null, 2);

        assertThat(forNow).isSameAs(sizing);
        assertThat(schedule.remeasuresAfterSizing()).isTrue();
        // hosted by the sized virtual cells' pair, not the preset's unscaled one
        List<StackPlan.Group> groups = StackPlan.of(sized, 1, true);
        int virtual = groups.indexOf(groups.stream().filter(g -> g.first().mode() == ThreadMode.VIRTUAL).findFirst().orElseThrow());
        assertThat(schedule.hosts(new StackPlan.Placed(1, virtual, groups.get(virtual)))).isTrue();
        assertThat(schedule.hosts(new StackPlan.Placed(1, 1 - virtual, groups.get(1 - virtual)))).isFalse();
        // the sizing run's files are kept beside the model's
        assertThat(results.resolve("calibration-sizing").resolve("gatling-saturation.log")).hasContent("the sizing run's");
        assertThat(results.resolve("calibration")).doesNotExist();
        // if the warm services' calibration fails, the model falls back on the sizing one, and says so
        assertThat(schedule.afterCells(null, null, null, null, 2, forNow)).isSameAs(sizing);
        assertThat(said.toString()).contains("measured again after the cells").contains("sized from, on fresh services");
    }

    private static Calibration calibration() {
        Calibration.Run low = new Calibration.Run(10, 30, Map.of("pessoa-service", 0.10), 6.0, 2.0, 1.0, 5.0, 0.1);
        Calibration.Run high = new Calibration.Run(10, 90, Map.of("pessoa-service", 0.22), 6.5, 2.0, 1.0, 5.5, 0.2);
        Calibration.Run saturated = new Calibration.Run(20, 700, Map.of("pessoa-service", 1.0), 20, 2.0, 1.0, 9, 0.9);
        return Calibration.of(2, 90, low, high, saturated, 217, 300);
    }

    @Test
    void theReactiveServiceIsCalibratedOnAReactiveCellOfItsOwnAndTheBlockingServicesStillOnAVirtualOne() {
        List<Cell> cells = Preset.resolve(HOME, "reactive").cells();

        Cell reactive = CalibrationSchedule.calibrated(cells, ThreadMode.REACTIVE);

        assertThat(reactive.mode()).isEqualTo(ThreadMode.REACTIVE);
        assertThat(reactive.replica()).isFalse();
        assertThat(CalibrationSchedule.calibrated(cells).mode()).isEqualTo(ThreadMode.VIRTUAL);
    }

    @Test
    void anExperimentHasOneCalibrationPerImplementationItsCellsRunInTheOrderTheyFirstRunIt() {
        Preset reactive = Preset.resolve(HOME, "reactive");
        ExperimentRunner.Options options = new ExperimentRunner.Options(reactive, true, HOME, HOME.resolve("results/none"), null, 0.5, false, 20, false, false,
                Isolation.Request.AUTO, new PrintStream(new ByteArrayOutputStream(), true));

        List<CalibrationSchedule> schedules = CalibrationSchedule.of(options, reactive, reactive.cells(), new Progress(new PrintStream(new ByteArrayOutputStream(), true)));

        assertThat(schedules).extracting(CalibrationSchedule::implementation).containsExactly("pessoa-service", "pessoa-service-reactive");
        assertThat(CalibrationSchedule.of(options, Preset.resolve(HOME, "paper"), Preset.resolve(HOME, "paper").cells(),
                new Progress(new PrintStream(new ByteArrayOutputStream(), true)))).extracting(CalibrationSchedule::implementation).containsExactly("pessoa-service");
    }
}
