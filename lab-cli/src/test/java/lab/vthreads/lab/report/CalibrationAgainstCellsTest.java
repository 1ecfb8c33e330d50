package lab.vthreads.lab.report;

import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The calibration held against the cells the CPU bound: is it as warm as they are? */
class CalibrationAgainstCellsTest {

    @Test
    void aSteadyCpuBoundCellsCpuPerRequestStandsBesideTheCalibrationsWithTheirRatio() {
        // The fixture's calibration: pessoa-service 3.0 ms saturated. The CPU-bound virtual cell: 0.75 cores at 300 req/s = 2.5 ms.
        var results = RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.PLATFORM, 200, false, RunFixtures.run(1, 49, 0.0, true, 0.5, Map.of("pessoa-service", 0.1))),
                RunFixtures.cell(ThreadMode.VIRTUAL, 200, false, RunFixtures.run(1, 300, 0.01, false, 0.95, Map.of("pessoa-service", 0.75))),
                // the CPU bound it too, but its window was still changing: not a warm cell to compare with
                RunFixtures.cell(ThreadMode.VIRTUAL, 200, true, RunFixtures.run(1, 250, 0.30, false, 0.95, Map.of("pessoa-service", 0.75)))), true);
        Summary summary = Summary.of(results);

        ReportTables.Table table = ReportTables.all(results, summary).stream()
                .filter(t -> t.title().equals("Calibration: CPU per request at saturation")).findFirst().orElseThrow();

        assertThat(table.header()).containsExactly("process", "CPU ms per request, saturated", "virtual-200u", "calibration ÷ virtual-200u");
        assertThat(table.rows()).contains(List.of("pessoa-service", "3.00", "2.50", "1.20"));
        assertThat(table.note()).contains("Within ±15% (0.85-1.15)");
    }

    @Test
    void withoutACpuBoundCellTheTableShowsTheCalibrationAlone() {
        var results = RunFixtures.experiment(List.of(
                RunFixtures.cell(ThreadMode.VIRTUAL, 200, false, RunFixtures.run(1, 300, 0.01, false, 0.5, Map.of("pessoa-service", 0.75)))), true);

        ReportTables.Table table = ReportTables.all(results, Summary.of(results)).stream()
                .filter(t -> t.title().equals("Calibration: CPU per request at saturation")).findFirst().orElseThrow();

        assertThat(table.header()).containsExactly("process", "CPU ms per request, saturated");
        assertThat(table.note()).doesNotContain("Beside it");
    }
}
