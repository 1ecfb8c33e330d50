package lab.vthreads.lab.report;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.metrics.Window;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Cells on {@link Fixtures}'s calibrated experiment (25 Tomcat threads, 500 ms of CEP latency: 49.0 req/s for
 * platform threads at 200 users, 392.2 for their users), built from the few figures the verdict reads.
 */
final class RunFixtures {

    private RunFixtures() {
    }

    static ExperimentResults withReactiveCalibration(ExperimentResults r, lab.vthreads.lab.model.Calibration reactive) {
        return new ExperimentResults(r.schemaVersion(), r.preset(), r.description(), r.why(), r.shortVariant(), r.startedAt(), r.finishedAt(),
                r.environment(), r.settings(), with(r.calibrations(), Fixtures.implementation(ThreadMode.REACTIVE), reactive), r.scaled(), r.partition(), r.cells(), r.units(), r.target(), r.identity());
    }

    /** {@code calibrations} with {@code implementation}'s in place or added last. */
    private static Map<String, lab.vthreads.lab.model.Calibration> with(Map<String, lab.vthreads.lab.model.Calibration> calibrations, String implementation,
                                                                       lab.vthreads.lab.model.Calibration calibration) {
        Map<String, lab.vthreads.lab.model.Calibration> copy = new java.util.LinkedHashMap<>(calibrations);
        copy.put(implementation, calibration);
        return copy;
    }

    static ExperimentResults withStartupChecks(ExperimentResults r, List<lab.vthreads.lab.measured.StartupCheck> checks) {
        return new ExperimentResults(r.schemaVersion(), r.preset(), r.description(), r.why(), r.shortVariant(), r.startedAt(), r.finishedAt(),
                r.environment(), r.settings(), r.calibrations(), r.scaled(), r.partition(), r.cells(), r.units(), r.target(),
                r.identity(), checks);
    }

    static ExperimentResults withCodeSizes(ExperimentResults r, List<lab.vthreads.lab.measured.CodeSize> sizes) {
        ExperimentResults.Environment e = r.environment();
        ExperimentResults.Environment environment = new ExperimentResults.Environment(e.jdk(), e.jvm(), e.springBoot(), e.hikariCp(), e.pgjdbc(),
                e.gatling(), e.cores(), e.memoryMb(), e.os(), e.components(), sizes, e.applicationServer());
        return new ExperimentResults(r.schemaVersion(), r.preset(), r.description(), r.why(), r.shortVariant(), r.startedAt(), r.finishedAt(),
                environment, r.settings(), r.calibrations(), r.scaled(), r.partition(), r.cells(), r.units(), r.target(), r.identity());
    }

    /** The same run, its calibration's speed probe at {@code calibrationMs} a pass and every window's at {@code cellMs}. */
    static ExperimentResults withSpeedProbe(ExperimentResults r, double calibrationMs, double cellMs) {
        lab.vthreads.lab.model.Calibration c = r.calibration();
        lab.vthreads.lab.model.Calibration probed = new lab.vthreads.lab.model.Calibration(c.cores(), c.rate(), c.windowSeconds(), c.throughput(),
                c.cpuMsPerRequest(), c.responseMs(), c.cepLookupsPerRequest(), c.connectionsPerRequest(), c.connectionHoldMs(), c.machineBusy(),
                c.backgroundCores(), c.saturatedThroughput(), c.saturatedBusy(), c.saturatedCpuMsPerRequest(), c.saturationCepMeanMs(),
                c.saturationUsers(), c.reused(), c.probe(), c.saturatedHalves(), calibrationMs);
        List<ExperimentResults.CellResult> cells = r.cells().stream().map(cell -> new ExperimentResults.CellResult(cell.id(), cell.variant(), cell.mode(),
                cell.implementation(), cell.users(), cell.factors(), cell.repeats().stream().map(x -> new RepeatResult(x.repeat(), x.startedAt(), x.client(),
                        x.server(), x.processes(), new ExperimentResults.Machine(x.machine().meanBusy(), x.machine().meanSteal(), cellMs), x.samples(),
                        x.gatlingReport(), x.stealFlagged(), x.attempt(), x.window(), x.sampling(), x.context())).toList(), cell.failures(),
                cell.coldStarts(), cell.sampleNames())).toList();
        return new ExperimentResults(r.schemaVersion(), r.preset(), r.description(), r.why(), r.shortVariant(), r.startedAt(), r.finishedAt(),
                r.environment(), r.settings(), with(r.calibrations(), r.calibrations().keySet().iterator().next(), probed), r.scaled(), r.partition(), cells,
                r.units(), r.target(), r.identity());
    }

    /** The same run with the calibration's saturated cost measured {@code firstMs}, then {@code secondMs}, over its two halves. */
    static ExperimentResults withSaturatedHalves(ExperimentResults r, double firstMs, double secondMs) {
        lab.vthreads.lab.model.Calibration c = r.calibration();
        lab.vthreads.lab.model.Calibration halved = new lab.vthreads.lab.model.Calibration(c.cores(), c.rate(), c.windowSeconds(), c.throughput(),
                c.cpuMsPerRequest(), c.responseMs(), c.cepLookupsPerRequest(), c.connectionsPerRequest(), c.connectionHoldMs(), c.machineBusy(),
                c.backgroundCores(), c.saturatedThroughput(), c.saturatedBusy(), c.saturatedCpuMsPerRequest(), c.saturationCepMeanMs(),
                c.saturationUsers(), c.reused(), c.probe(), new lab.vthreads.lab.model.Calibration.Halves(firstMs, secondMs), c.saturatedProbeMs());
        return new ExperimentResults(r.schemaVersion(), r.preset(), r.description(), r.why(), r.shortVariant(), r.startedAt(), r.finishedAt(),
                r.environment(), r.settings(), with(r.calibrations(), r.calibrations().keySet().iterator().next(), halved), r.scaled(), r.partition(), r.cells(), r.units(), r.target(), r.identity());
    }

    static ExperimentResults experiment(List<CellResult> cells, boolean calibrated) {
        ExperimentResults base = Fixtures.experiment();
        return new ExperimentResults(base.schemaVersion(), base.preset(), base.description(), base.why(), false, base.startedAt(), base.finishedAt(),
                base.environment(), base.settings(), calibrated ? base.calibrations() : Map.of(), null, null, cells, base.units(), null, null);
    }

    static CellResult cell(ThreadMode mode, int users, boolean replica, RepeatResult... repeats) {
        Cell cell = new Cell(null, mode, users, Fixtures.experiment().settings().factors(), replica);
        return new CellResult(cell.id(), null, mode, Fixtures.implementation(mode), users, cell, List.of(repeats), List.of());
    }

    /**
     * @param tomcatFull the busier service's 25 Tomcat threads all busy (a platform cell held by its threads)
     * @param busy       the machine's busy share (0.9 and above: a cell the CPU bound)
     * @param cores      each process's CPU over the window
     */
    static RepeatResult run(int n, double throughput, double holdTrend, boolean tomcatFull, double busy, Map<String, Double> cores) {
        return run(n, throughput, holdTrend, tomcatFull, busy, cores, Map.of());
    }

    /** @param sampled values every one-second sample of the window holds besides the fixture's own */
    static RepeatResult run(int n, double throughput, double holdTrend, boolean tomcatFull, double busy, Map<String, Double> cores,
                            Map<String, Double> sampled) {
        List<Map<String, Double>> samples = new ArrayList<>();
        for (int t = 1; t <= 5; t++) {
            Map<String, Double> sample = new java.util.HashMap<>(sampled);
            sample.putAll(Map.of(SampleKeys.TIME, (double) t, SampleKeys.ServiceValue.TOMCAT_BUSY.of(SampleNames.LABS_OWN.server()), tomcatFull ? 25.0 : 5.0,
                    SampleKeys.ServiceValue.TOMCAT_BUSY.of(SampleNames.LABS_OWN.entry()), 5.0));
            samples.add(sample);
        }
        long ok = Math.round(throughput * 20);
        ClientResult client = new ClientResult(ok, ok, 0, throughput, new ClientResult.Latency(500, 500, 700, 800, 900), Map.of(), ok, ok, true, 0,
                throughput, 0L, 0L, new ClientResult.Latency(500, 500, 700, 800, 900), 0L, 20_000L, holdTrend);
        Map<String, ExperimentResults.ProcessUsage> processes = new java.util.LinkedHashMap<>();
        cores.forEach((process, used) -> processes.put(process, new ExperimentResults.ProcessUsage(used, 100)));
        return new RepeatResult(n, "2026-11-24T10:00:00Z", client,
                new ExperimentResults.Server(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null),
                processes, new ExperimentResults.Machine(busy, 0), samples, null, false, 1, new Window(1, 5));
    }

    static RepeatResult run(int n, double throughput, double holdTrend, boolean tomcatFull, double busy) {
        return run(n, throughput, holdTrend, tomcatFull, busy, Map.of());
    }
}
