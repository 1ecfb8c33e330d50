package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.FirstAttempt;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static lab.vthreads.lab.report.FairnessFixtures.ISOLATED;
import static lab.vthreads.lab.report.FairnessFixtures.cell;
import static lab.vthreads.lab.report.FairnessFixtures.experiment;
import static lab.vthreads.lab.report.FairnessFixtures.repeat;
import static org.assertj.core.api.Assertions.assertThat;

class ObserverTableTest {

    @Test
    void eachCellSaysWhetherItWasPrewarmedAndWhetherItsJitSettled() {
        Map<String, Double> cores = Map.of("gatling", 0.2, "lab", 0.02);
        ExperimentResults results = experiment(ISOLATED,
                cell(ThreadMode.PLATFORM, false, repeat(1, 100, 50, cores, 0.5, 0.9)
                        .withPrewarm(new ExperimentResults.Prewarmed(180.4, false, Map.of("pessoa-service", 0.95)))),
                cell(ThreadMode.VIRTUAL, false, repeat(1, 100, 50, cores, 0.5, 0.9)
                        .withPrewarm(new ExperimentResults.Prewarmed(41, true, Map.of("pessoa-service", 0.04))
                                .followedBy(new ExperimentResults.Prewarmed(45.2, false, Map.of("pessoa-service", 0.12)))
                                .rehearsed(new ExperimentResults.Rehearsal("virtual-100u", 240.5, orderedShares(0.259, null))))),
                cell(ThreadMode.VIRTUAL, true, repeat(1, 100, 50, cores, 0.5, 0.9)
                        .withSampling(new ExperimentResults.Sampling(40, 3, "java.lang.NumberFormatException: x"))));

        ReportTables.Table table = FairnessTables.observer(results);

        assertThat(table.header()).endsWith("prewarm", "samples dropped");
        assertThat(table.rows()).extracting(row -> row.get(row.size() - 2))
                .containsExactly("180 s, **not settled** at the cap", "41 s, settled, then 45 s with the CEP latency, **not settled** at its cap, then virtual-100u rehearsed (compilers 26% / – of its window)",
                        "none");
        // Runs written before the count existed say so; more than 5% dropped is in bold, with the first error.
        assertThat(table.rows()).extracting(List::getLast)
                .containsExactly("not recorded", "not recorded", "**3 of 40** (first: java.lang.NumberFormatException: x)");
    }

    @Test
    void aCellMeasuredAgainBecauseItsWindowCompiledNamesItsFirstWindow() {
        Map<String, Double> cores = Map.of("gatling", 0.2, "lab", 0.02);
        ExperimentResults results = experiment(ISOLATED,
                cell(ThreadMode.VIRTUAL, false, repeat(1, 100, 50, cores, 0.5, 0.9)
                        .withPrewarm(new ExperimentResults.Prewarmed(89, true, Map.of("pessoa-service", 0.04)))
                        .replacing(new FirstAttempt("cells/virtual-100u/r1", 939.3, orderedShares(0.015, 0.275)))));

        ReportTables.Table table = FairnessTables.observer(results);

        assertThat(table.rows().getFirst().get(table.rows().getFirst().size() - 2))
                .isEqualTo("89 s, settled; **measured again**: its first window's compilers 2% / 28%, 939.3 req/s (cells/virtual-100u/r1)");
        assertThat(table.note()).contains("compiled more than the prewarm's settled " + lab.vthreads.lab.measured.ExperimentResults.Prewarmed.SETTLED_PERCENT + "%",
                "was measured once more");
    }

    @Test
    void theLoadGeneratorsOwnCompilesHaveAColumn() {
        Map<String, Double> cores = Map.of("gatling", 0.2, "lab", 0.02);
        ExperimentResults.RepeatResult measured = repeat(1, 100, 50, cores, 0.5, 0.9);
        lab.vthreads.lab.load.ClientResult c = measured.client();
        lab.vthreads.lab.load.ClientResult client = new lab.vthreads.lab.load.ClientResult(c.requests(), c.ok(), c.ko(), c.throughput(), c.latency(),
                c.koReasons(), c.created201(), c.databaseDelta(), c.consistent(), c.gatlingExitCode(), c.requestRate(), c.deferred(), c.abandoned(),
                c.operationLatency(), c.holdFromEpochMs(), c.holdToEpochMs(), c.holdTrend(), c.holdTrendNoise(), 0.213);
        ExperimentResults.RepeatResult loaded = new ExperimentResults.RepeatResult(measured.repeat(), measured.startedAt(), client, measured.server(),
                measured.processes(), measured.machine(), measured.samples(), measured.gatlingReport(), measured.stealFlagged(), 1, measured.window(),
                measured.sampling(), measured.context());

        ReportTables.Table table = FairnessTables.observer(experiment(ISOLATED, cell(ThreadMode.VIRTUAL, false, loaded),
                cell(ThreadMode.VIRTUAL, true, measured)));

        int column = table.header().indexOf("Gatling JIT");
        assertThat(column).isPositive();
        // Recorded: 21.3% of the window; written before the simulation read it: unknown.
        assertThat(table.rows()).extracting(row -> row.get(column)).containsExactly("21.3%", "–");
        assertThat(table.note()).contains("Gatling JIT", "shown, not judged");
    }

    /** pessoa-service's share, then gateway-service's (null: unknown), in that order. */
    private static Map<String, Double> orderedShares(Double pessoa, Double gateway) {
        Map<String, Double> shares = new java.util.LinkedHashMap<>();
        shares.put("pessoa-service", pessoa);
        shares.put("gateway-service", gateway);
        return shares;
    }
}
