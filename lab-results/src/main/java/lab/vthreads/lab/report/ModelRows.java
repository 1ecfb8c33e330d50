package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.measured.ResponseHops;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.metrics.CpuSlices;
import lab.vthreads.lab.model.Bottleneck;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.model.CapacityModel;
import lab.vthreads.lab.model.CellDemand;
import lab.vthreads.lab.model.EvenLoad;
import lab.vthreads.lab.model.FirstPass;
import lab.vthreads.lab.model.Prediction;
import lab.vthreads.lab.model.QueueingModel;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.report.Summary.ModelRow;
import lab.vthreads.lab.report.Summary.Row;
import lab.vthreads.lab.report.Summary.Stat;
import lab.vthreads.lab.stack.Factors;

import java.util.ArrayList;
import java.util.List;

import static lab.vthreads.lab.report.Summary.busierTomcat;
import static lab.vthreads.lab.report.Summary.middleMean;
import static lab.vthreads.lab.report.Summary.sideBusy;
import static lab.vthreads.lab.report.Summary.sideSaturated;

/**
 * The capacity model beside the measurement, one row per measured cell: the bounds and the queueing network's solution
 * from the calibration of the cell's own implementation (in the mode it is calibrated in: virtual threads, for one served by threads), the bottleneck
 * the measurements point at, and the figures that say so.
 */
final class ModelRows {

    private ModelRows() {
    }

    static List<ModelRow> of(ExperimentResults results, List<Row> rows) {
        if (results.calibrations().isEmpty()) return List.of();
        List<ModelRow> model = new ArrayList<>();
        for (int i = 0; i < results.cells().size(); i++) {
            CellResult cell = results.cells().get(i);
            Cell c = cell.factors();
            // Each implementation spends its own CPU per request, measured on its own pair: a cell whose implementation has
            // no calibration gets no prediction rather than a bound from another's CPU.
            Calibration calibration = c == null ? null : results.calibrationOf(cell);
            if (calibration == null || cell.repeats().isEmpty()) continue;
            Factors f = c.factors();
            // results.json written before a cell carried its own latency has it only in the preset's settings
            double cepMeanMs = (f.cepLatency() != null ? f : results.settings().factors()).latency().meanMillis();
            // Tomcat's threads bind platform threads only where Tomcat serves the requests: not an application on another server.
            boolean tomcat = results.environment() == null || results.environment().servedByTomcat();
            Integer threads = c.mode().boundByTomcatThreads() && tomcat ? f.effectiveTomcatThreads() : null;
            Partition partition = results.partition();
            CellDemand demand = calibration.demand(partition, threads, f.effectivePoolSize(), f.lookupsInsideTransaction(),
                    f.effectiveConcurrencyLimit(), c.users(), cepMeanMs, 0);
            Prediction prediction = CapacityModel.predict(demand);
            double measured = rows.get(i).throughput().median();
            RepeatResult first = cell.repeats().getFirst();
            double carriers = carriers(f, first, cell.sampleNames());
            boolean pins = pinsCarriers(c, first);
            double lookupSeconds = calibration.cepLookupsPerRequest() * cepMeanMs / 1000;
            if (pins) prediction = CapacityModel.withPinnedCarriers(prediction, carriers, lookupSeconds);
            // A request's lookups hold a CEP connection as long as they hold a pinned carrier: the same seconds.
            int cepConnections = f.cepMaxConnections() != null ? f.cepMaxConnections() : 0;
            prediction = CapacityModel.withCepConnections(prediction, cepConnections, lookupSeconds);
            QueueingModel.Prediction queueing = QueueingModel.predict(demand, pins ? carriers : 0, lookupSeconds, cepConnections, lookupSeconds);
            boolean isolated = partition != null && partition.isolated();
            double busy = Stat.of(cell.repeats().stream().mapToDouble(r -> isolated ? sideBusy(r, partition.systemCpus()) : r.machine() != null ? r.machine().meanBusy() : Double.NaN)
                    .toArray()).median();
            // A component held to a CPU quota is CPU-bound at its quota, however idle the CPUs it may run on.
            QuotaUse quota = QuotaUse.busiest(partition, cell);
            double boundBusy = quota != null && !(quota.share() <= busy) ? quota.share() : busy;
            double saturated = Stat.of(cell.repeats().stream().mapToDouble(r -> sideSaturated(r, isolated ? partition.systemCpus() : null)).toArray()).median();
            // The cell's own CPU per request where it was measured: the even load's requests are the cell's.
            double cpuMs = ModelMisses.servicesCpuMsPerRequest(cell);
            double even = Double.isNaN(saturated) ? Double.NaN : EvenLoad.saturatedShare(busy, (Double.isNaN(cpuMs) ? calibration.saturatedSystemCpuMsPerRequest() : cpuMs) / 1000,
                    CpuSlices.SLICE_MILLIS / 1000.0);
            double loadBusy = isolated ? Stat.of(cell.repeats().stream().mapToDouble(r -> sideBusy(r, partition.loadCpus())).toArray()).median()
                    : Double.NaN;
            double tomcatBusy = busierTomcat(cell, first);
            SampleNames names = cell.sampleNames();
            double pending = middleMean(first, names.hikariPending());
            double cepPending = middleMean(first, names.cepPending());
            Bottleneck observed = CapacityModel.observed(boundBusy, loadBusy, threads, tomcatBusy, pending, cepPending);
            // Pinned carriers come first: the waiters for a connection are then threads with no carrier to finish on.
            double pinnedCarriers = pinnedCarriers(first);
            if (c.mode().virtual() && carriers > 0 && pinnedCarriers >= carriers / 2) observed = Bottleneck.PINNED;
            String evidence = (quota != null ? quota.text() + "; " : "") + String.format(java.util.Locale.ROOT, "%s %s%s; %s; %s pending %s", isolated ? "services' CPUs" : "CPU",
                    Double.isNaN(busy) ? "not measured" : String.format(java.util.Locale.ROOT, "%.0f%% busy", busy * 100)
                            + (Double.isNaN(saturated) ? "" : String.format(java.util.Locale.ROOT, " (saturated in %.0f%% of its 50 ms slices%s)", saturated * 100,
                            Double.isNaN(even) ? "" : String.format(java.util.Locale.ROOT, ", an even load %.0f%%", even * 100))),
                    isolated ? (Double.isNaN(loadBusy) ? ", load side's not measured" : String.format(java.util.Locale.ROOT, ", load side's %.0f%%", loadBusy * 100)) : "",
                    threads == null ? (!tomcat ? "served by " + results.environment().applicationServer() : c.mode().requestsRunOn()) : Double.isNaN(tomcatBusy) ? "Tomcat's busy threads not measured"
                            : String.format(java.util.Locale.ROOT, "Tomcat %.0f of %d busy", tomcatBusy, threads),
                    c.mode().connectionPool(), Double.isNaN(pending) ? "not measured" : String.format(java.util.Locale.ROOT, "%.1f", pending))
                    + (cepPending >= 0.05 ? String.format(java.util.Locale.ROOT, "; %.1f lookups waiting for a CEP connection", cepPending) : "")
                    + (pinnedCarriers > 0 ? String.format(java.util.Locale.ROOT, "; %.2f of %.0f carriers pinned", pinnedCarriers, carriers) : "")
                    + gcPauses(first, names)
                    + hops(first, cell.implementation(), names);
            boolean surprising = CapacityModel.surprising(measured, queueing.throughput());
            String miss = surprising ? ModelMisses.reasons(cell, rows.get(i), calibration, prediction.bottleneck(), observed,
                    queueing.responseSeconds() * 1000, loadBusy, new ModelMisses.SideLoad(isolated, busy, saturated, even)) : null;
            String latencyNote = earlyWindow(results, queueing);
            double predictedMeanMs = (latencyNote == null ? queueing.responseSeconds() : firstPassMean(results, queueing, demand)) * 1000;
            model.add(new ModelRow(cell.id(), prediction, queueing, measured, predictedMeanMs, rows.get(i).mean().median(), observed, evidence,
                    CapacityModel.deviation(measured, queueing.throughput()), surprising, miss, latencyNote));
        }
        return model;
    }

    /**
     * How long the services' collectors stopped them in the window, as a share of it, and the CPU their collector
     * threads used in it ("" where neither was measured): a pause holds every request at once, and they come back to
     * the CPU together, which the queueing solution does not assume; concurrent marking takes a CPU from the requests
     * without stopping them, so a window that caught a marking cycle serves less for the same CPU.
     */
    static String gcPauses(RepeatResult run, SampleNames names) {
        List<String> services = names.services();
        boolean alone = services.size() == 1;
        String paused = shares(services, run::gcPauseShare), cpu = shares(services, run::gcCpuShare);
        String whom = alone ? "the application" : "the services";
        return (paused.isEmpty() ? "" : "; GC paused " + whom + " " + paused + " of the window")
                + (cpu.isEmpty() ? "" : (paused.isEmpty() ? "; " + whom + "'s" : alone ? ", its" : ", their") + " collector threads used " + cpu + " of a CPU");
    }

    /** Each service's share, as "1.0% / 0.2%"; "" where none was measured. */
    private static String shares(List<String> services, java.util.function.ToDoubleFunction<String> share) {
        List<String> each = services.stream().mapToDouble(share)
                .mapToObj(value -> Double.isNaN(value) ? "–" : String.format(java.util.Locale.ROOT, "%.1f%%", value * 100)).toList();
        return each.stream().allMatch("–"::equals) ? "" : String.join(" / ", each);
    }

    /** Where the first repeat's mean response went, hop by hop ({@link ResponseHops}); "" where not measured. */
    static String hops(RepeatResult run, String implementation, SampleNames names) {
        boolean behindGateway = !names.entry().equals(names.server());
        return ResponseHops.of(run, names).describe(behindGateway ? implementation : "the application", behindGateway);
    }

    /**
     * Where the window opened before one predicted response time had passed since the load began, what it can say of
     * the latency: a closed workload's steady state needs every user through the queue once, so such a window holds
     * only the first requests through it, and their mean is below the steady one; the prediction is then
     * {@link FirstPass}'s. Null otherwise.
     */
    static String earlyWindow(ExperimentResults results, QueueingModel.Prediction queueing) {
        if (results.settings() == null) return null;
        int opens = results.settings().rampUpSeconds() + results.settings().warmupSeconds();
        if (queueing.responseSeconds() <= opens) return null;
        return String.format(java.util.Locale.ROOT, "the window opened %d s into the load, before one predicted steady response (%.0f s): its "
                + "requests are the queue's first, predicted as a queue filling from empty", opens, queueing.responseSeconds());
    }

    /** The mean of the window's requests in a queue filling from empty ({@link FirstPass}), in seconds. */
    static double firstPassMean(ExperimentResults results, QueueingModel.Prediction queueing, CellDemand demand) {
        var s = results.settings();
        double opens = s.rampUpSeconds() + s.warmupSeconds();
        return new FirstPass(demand.users(), s.rampUpSeconds(), demand.thinkSeconds(), queueing.throughput(), demand.responseSeconds())
                .meanOver(opens, opens + s.holdSeconds());
    }

    /** The virtual-thread scheduler's carriers in the serving service: the carriers factor, else the CPUs its JVM saw. */
    static double carriers(Factors f, RepeatResult run, SampleNames names) {
        return f.carriers() != null ? f.carriers() : middleMean(run, SampleKeys.ServiceValue.PROCESSORS.of(names.server()));
    }

    /** pessoa-service's pinned time in the window ÷ its seconds: the carriers pinning took on average (0: none, or not recorded). */
    static double pinnedCarriers(RepeatResult run) {
        if (run.context().pinning() == null || run.window() == null) return 0;
        var pessoa = run.context().pinning().get(lab.vthreads.lab.stack.StackSettings.Component.PESSOA.label());
        return pessoa == null || pessoa.notRead() != null ? 0 : pessoa.carriersPinned(run.window().seconds());
    }

    /**
     * Whether a cell's CEP lookups pin their carriers: virtual threads blocking inside synchronized, on a JDK before
     * 24 (JEP 491 unmounts them since).
     */
    static boolean pinsCarriers(Cell cell, RepeatResult run) {
        if (!cell.mode().virtual() || !"synchronized".equals(cell.factors().cepLock()) || run.context().jdk() == null) return false;
        return Runtime.Version.parse(run.context().jdk()).feature() < 24;
    }

    /**
     * The system's component that used the largest share of its CPU quota in the cell (median over repeats), where the
     * preset gives one ({@code limits}): at 0.25 of a CPU an application is CPU-bound at a quarter of a CPU, which the
     * side's busy share (a quarter) does not show.
     */
    record QuotaUse(String component, double quotaCores, double share) {

        static QuotaUse busiest(Partition partition, CellResult cell) {
            if (partition == null || partition.components() == null) return null;
            QuotaUse busiest = null;
            for (String component : lab.vthreads.lab.model.Calibration.SYSTEM) {
                Partition.Placement placement = partition.components().get(component);
                if (placement == null || placement.quotaCores() == null || placement.quotaCores() <= 0) continue;
                double used = Stat.of(cell.repeats().stream().mapToDouble(r -> Summary.cpu(r, component)).filter(v -> !Double.isNaN(v)).toArray()).median();
                if (Double.isNaN(used)) continue;
                QuotaUse use = new QuotaUse(component, placement.quotaCores(), used / placement.quotaCores());
                if (busiest == null || use.share() > busiest.share()) busiest = use;
            }
            return busiest;
        }

        String text() {
            return String.format(java.util.Locale.ROOT, "%s at %.0f%% of its %s-CPU quota", component, share * 100,
                    java.math.BigDecimal.valueOf(quotaCores).stripTrailingZeros().toPlainString());
        }
    }
}
