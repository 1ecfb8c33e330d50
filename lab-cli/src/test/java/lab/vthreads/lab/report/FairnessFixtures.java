package lab.vthreads.lab.report;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.metrics.Window;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Cells built from the few numbers the fairness checks read: throughput, each process's cores, each CPU's busy share. */
final class FairnessFixtures {

    static final Partition ISOLATED = new Partition(Partition.Mode.CGROUP, "test", "0", "1", Map.of());

    private FairnessFixtures() {
    }

    static ExperimentResults experiment(Partition partition, CellResult... cells) {
        ExperimentResults base = Fixtures.experiment();
        return new ExperimentResults(base.schemaVersion(), base.preset(), base.description(), base.why(), false, base.startedAt(), base.finishedAt(),
                base.environment(), base.settings(), base.calibrations(), null, partition, List.of(cells), base.units(), null, null);
    }

    static CellResult cell(ThreadMode mode, boolean replica, RepeatResult... repeats) {
        return cell(SampleNames.LABS_OWN, mode, replica, repeats);
    }

    /** A cell whose services' figures carry {@code names}: a user's application's, where the lab's own carry theirs. */
    static CellResult cell(SampleNames names, ThreadMode mode, boolean replica, RepeatResult... repeats) {
        Cell cell = new Cell(null, mode, 100, Factors.NONE, replica);
        return new CellResult(cell.id(), null, mode, Fixtures.implementation(mode), 100, cell, List.of(repeats), List.of(), List.of(), names);
    }

    /**
     * @param cores each process's mean CPU (cores)
     * @param cpu0  load side busy share; cpu1 the services' side
     */
    static RepeatResult repeat(int n, double throughput, double p95, Map<String, Double> cores, double cpu0, double cpu1) {
        Map<String, ExperimentResults.ProcessUsage> processes = new LinkedHashMap<>();
        cores.forEach((process, used) -> processes.put(process, new ExperimentResults.ProcessUsage(used, 100)));
        List<Map<String, Double>> samples = List.of(
                Map.of("t", 1.0, "cpuBusy.0", cpu0, "cpuBusy.1", cpu1), Map.of("t", 2.0, "cpuBusy.0", cpu0, "cpuBusy.1", cpu1),
                Map.of("t", 3.0, "cpuBusy.0", cpu0, "cpuBusy.1", cpu1), Map.of("t", 4.0, "cpuBusy.0", cpu0, "cpuBusy.1", cpu1),
                Map.of("t", 5.0, "cpuBusy.0", cpu0, "cpuBusy.1", cpu1));
        return new RepeatResult(n, "2026-11-21T10:00:00Z",
                new ClientResult(1000, 1000, 0, throughput, new ClientResult.Latency(p95 / 2, p95 / 2, p95, p95, p95), Map.of(), 1000, 1000, true, 0,
                        throughput),
                new ExperimentResults.Server(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null),
                processes, new ExperimentResults.Machine((cpu0 + cpu1) / 2, 0), samples, null, false, 1, new Window(1, 5));
    }
}
