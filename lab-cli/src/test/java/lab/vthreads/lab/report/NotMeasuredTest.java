package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.model.Calibration;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run on a machine where nothing read the processes: the calibration has no CPU per request and no machine share,
 * and the report says "not measured" where those figures would be, instead of a bound of cores ÷ 0 or a 0% busy CPU.
 */
class NotMeasuredTest {

    @Test
    void theModelTableSaysWhatItCouldNotBoundAndWhatWasNotMeasured() {
        ExperimentResults measured = Fixtures.experiment();
        Calibration c = measured.calibration();
        Calibration blind = new Calibration(c.cores(), c.rate(), c.windowSeconds(), c.throughput(), Map.of(), c.responseMs(),
                c.cepLookupsPerRequest(), c.connectionsPerRequest(), c.connectionHoldMs(), Double.NaN, Double.NaN, c.saturatedThroughput(),
                Double.NaN, Map.of(), c.saturationCepMeanMs(), c.saturationUsers(), c.reused());
        List<ExperimentResults.CellResult> cells = measured.cells().stream().map(cell -> new ExperimentResults.CellResult(cell.id(), cell.variant(),
                cell.mode(), cell.implementation(), cell.users(), cell.factors(), cell.repeats().stream().map(NotMeasuredTest::withoutMachine).toList(), cell.failures())).toList();
        ExperimentResults run = new ExperimentResults(measured.schemaVersion(), measured.preset(), measured.description(), measured.why(),
                measured.shortVariant(), measured.startedAt(), measured.finishedAt(), measured.environment(), measured.settings(), Map.of(cells.getFirst().implementation(), blind),
                measured.scaled(), measured.partition(), cells, measured.units(), measured.target(), measured.identity());

        ReportTables.Table model = ModelTables.model(Summary.of(run));

        int evidence = model.header().indexOf("evidence"), bounds = model.header().indexOf("bounds (req/s)");
        assertThat(model.rows()).isNotEmpty().allSatisfy(row -> {
            // the machine's busy share, Tomcat's busy threads and Hikari's waiters: unknown, not 0% or 0 or NaN
            assertThat(row.get(evidence)).contains("not measured").doesNotContain("0% busy").doesNotContain("NaN")
                    .contains("Hikari pending not measured");
            if (row.get(0).startsWith("platform")) assertThat(row.get(evidence)).contains("Tomcat's busy threads not measured");
            // the CPU bound: named as missing, not cores ÷ 0
            assertThat(row.get(bounds)).contains("CPU per request not measured**").doesNotContain("Infinity").doesNotContain("∞");
        });
    }

    /** No process, no machine, and samples without Tomcat's and Hikari's gauges (an application that does not show them). */
    private static ExperimentResults.RepeatResult withoutMachine(ExperimentResults.RepeatResult r) {
        List<Map<String, Double>> samples = r.samples().stream().map(NotMeasuredTest::withoutGauges).toList();
        return new ExperimentResults.RepeatResult(r.repeat(), r.startedAt(), r.client(), r.server(), Map.of(), null, samples, r.gatlingReport(),
                false, r.attempt(), r.window(), r.sampling(), r.context());
    }

    private static Map<String, Double> withoutGauges(Map<String, Double> sample) {
        Map<String, Double> kept = new java.util.LinkedHashMap<>(sample);
        kept.keySet().removeIf(k -> k.contains("tomcat") || k.contains("Tomcat") || k.contains("hikari") || k.contains("Hikari"));
        return kept;
    }
}
