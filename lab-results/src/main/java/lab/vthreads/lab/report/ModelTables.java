package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Bound;
import lab.vthreads.lab.model.Calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import static lab.vthreads.lab.report.ReportTables.num;

/** The capacity model's tables: each cell's prediction beside its measurement, and the calibration it came from. */
final class ModelTables {

    private ModelTables() {
    }

    static ReportTables.Table model(Summary summary) {
        List<List<String>> rows = new ArrayList<>();
        for (Summary.ModelRow m : summary.model()) {
            String bounds = java.util.stream.Stream.concat(m.prediction().bounds().stream().map(ModelTables::bound),
                    m.prediction().notMeasured().stream().map(what -> "**" + what + "**")).collect(Collectors.joining("; "));
            double meanMs = m.predictedMeanMs();
            rows.add(List.of(m.cell(), m.prediction().bottleneck().label(), num(m.prediction().throughput(), 0), num(m.queueing().knee(), 0),
                    num(m.predicted(), 0), m.observed().label(), num(m.measured(), 1),
                    String.format(Locale.ROOT, "%+.0f%%", m.deviation() * 100) + (m.surprising() ? " ⚠ " + m.miss() : ""),
                    num(meanMs, 0), (Double.isNaN(m.measuredMeanMs()) ? "–" : num(m.measuredMeanMs(), 0)
                            + String.format(Locale.ROOT, " (%+.0f%%)", m.latencyDeviation() * 100)) + (m.latencyNote() != null ? " ⚠ " + m.latencyNote() : ""),
                    m.evidence(), bounds));
        }
        return new ReportTables.Table("Capacity model: predicted against measured",
                "Each bound is an operational law (utilisation law for the CPU, Little's law for threads, connections and users) with the "
                        + "calibrated costs; the smallest says which resource caps the cell. The prediction solves the same costs as a "
                        + "closed queueing network (mean value analysis): below the knee, the users at which the users' bound meets the "
                        + "next one, it follows the users; near it, requests queue for the CPU or a pool before either is full, and it "
                        + "falls below the bound; far above it, it meets the bound again. ⚠ marks a cell more than 15% away from the "
                        + "prediction, with what the run recorded that the model assumed otherwise: failed requests, a window still "
                        + "changing, the load generator at its limit, a CPU per request (or a response time) unlike the calibration's. The mean response times are the successful requests' in the window; where it opened before one predicted "
                        + "steady response, the prediction is the mean of the queue's first requests, the queue filling from empty. "
                        + ModelAccuracy.of(summary).sentence(),
                List.of("cell", "bound", "bound (req/s)", "knee (users)", "predicted (req/s)", "measured bottleneck", "measured (req/s)",
                        "measured vs predicted", "predicted mean (ms)", "measured mean (ms)", "evidence", "bounds (req/s)"), rows);
    }

    /** Where the calibration's figures come from when this run did not measure them. */
    static String reuse(Calibration c) {
        return c.reused() == null ? "" : "Reused from the run in " + c.reused().measuredIn() + " (measured " + c.reused().measuredAt()
                + ") for the same build, JDK, machine, CPU partition and calibrated cell; ./lab run --recalibrate measures it again. ";
    }

    /** @param whose the table's title, where it is not the first implementation's calibration ("" for that one) */
    static ReportTables.Table calibration(Calibration c, String whose) {
        String title = (whose.isEmpty() ? "Calibration" : whose) + ": CPU per request at low load";
        List<List<String>> rows = new ArrayList<>();
        c.cpuMsPerRequest().forEach((process, ms) -> rows.add(List.of(process, num(ms, 2))));
        rows.add(List.of("**total**", num(c.totalCpuMsPerRequest(), 2)));
        if (c.probe() != null) {
            Calibration.Probe p = c.probe();
            return new ReportTables.Table(title,
                    String.format(Locale.ROOT, "Two open-workload runs through your scenario with the cells' downstream latency, the higher at "
                                    + "%.0f req/s (machine %.0f%% busy); CPU per request at low load is the slope between them, so the %.2f cores "
                                    + "the processes burn at no load are left out. %s One user alone: %.1f ms per response, %.2f requests a "
                                    + "second, so a cycle (response and think time) of %.0f ms: the users' bound is users × %.2f req/s.",
                            c.throughput(), c.machineBusy() * 100, c.backgroundCores(), p.poolMeasured()
                                    ? String.format(Locale.ROOT, "%.2f pool connections per request, each held %.1f ms.", c.connectionsPerRequest(), c.connectionHoldMs())
                                    : "Pool connections not measured: the application shows no Hikari metrics.",
                            p.responseMs(), p.throughput(), p.cycleMs(), p.throughput()),
                    List.of("process", "CPU ms per request"), rows);
        }
        return new ReportTables.Table(title,
                String.format(Locale.ROOT, "Two open-workload runs with no CEP latency, the higher at %.0f req/s (machine %.0f%% busy); CPU per "
                                + "request at low load is the slope between them, so the %.2f cores the processes burn at no load (scrapes, "
                                + "timers, JIT) are left out. Response %.1f ms, %.2f CEP lookups and %.2f pool connections per request, each "
                                + "connection held %.1f ms.", c.throughput(), c.machineBusy() * 100, c.backgroundCores(), c.responseMs(),
                        c.cepLookupsPerRequest(), c.connectionsPerRequest(), c.connectionHoldMs()),
                List.of("process", "CPU ms per request"), rows);
    }

    /**
     * The cells the calibration can be held against: the CPU bound them (as their measurements show) and their windows
     * were steady, so their CPU per request is a warm, saturated service's, as the calibration's should be.
     */
    static Map<String, Map<String, Double>> cpuBoundCells(ExperimentResults results, Summary summary, String implementation) {
        Map<String, Map<String, Double>> cells = new java.util.LinkedHashMap<>();
        for (int i = 0; i < results.cells().size(); i++) {
            ExperimentResults.CellResult cell = results.cells().get(i);
            Summary.Row row = summary.rows().get(i);
            boolean cpuBound = summary.model().stream().anyMatch(m -> m.cell().equals(cell.id()) && m.observed() == lab.vthreads.lab.model.Bottleneck.CPU);
            if (!cpuBound || !Boolean.TRUE.equals(row.steady()) || cell.repeats().isEmpty() || !implementation.equals(cell.implementation())) continue;
            Map<String, Double> perRequest = new java.util.LinkedHashMap<>();
            for (String process : cell.repeats().getFirst().processes().keySet()) {
                perRequest.put(process, Summary.Stat.of(cell.repeats().stream().filter(r -> r.client().throughput() > 0 && r.processes().containsKey(process))
                        .mapToDouble(r -> r.processes().get(process).meanCpuCores() * 1000 / r.client().throughput()).toArray()).median());
            }
            cells.put(cell.id(), perRequest);
        }
        return cells;
    }

    /**
     * What the model's CPU bounds use: each process's CPU per request with the CPU saturated, and the bounds it gives;
     * beside it, the same figure in each steady CPU-bound cell, so a reader sees whether the calibration measured
     * services as warm as the cells (a cold calibration measured 2-3 times the warm cells' CPU per request).
     */
    static ReportTables.Table saturation(Calibration c, Partition partition, Map<String, Map<String, Double>> cells, String whose) {
        List<List<String>> rows = new ArrayList<>();
        Map<String, Double> saturated = c.saturatedCpuMsPerRequest();
        List<String> header = new ArrayList<>(List.of("process", "CPU ms per request, saturated"));
        cells.keySet().forEach(cell -> {
            header.add(cell);
            header.add("calibration ÷ " + cell);
        });
        if (saturated != null) {
            saturated.forEach((process, ms) -> {
                List<String> row = new ArrayList<>(List.of(process, num(ms, 2)));
                cells.values().forEach(cell -> {
                    Double there = cell.get(process);
                    row.add(there == null ? "–" : num(there, 2));
                    row.add(there == null || there <= 0 ? "–" : num(ms / there, 2));
                });
                rows.add(row);
            });
            double total = saturated.values().stream().mapToDouble(Double::doubleValue).sum();
            List<String> totalRow = new ArrayList<>(List.of("**total**", num(total, 2)));
            cells.values().forEach(cell -> {
                // A total over fewer processes than the calibration's would compare unlike sums.
                boolean all = cell.keySet().containsAll(saturated.keySet());
                double there = saturated.keySet().stream().mapToDouble(p -> cell.getOrDefault(p, 0.0)).sum();
                totalRow.add(all ? num(there, 2) : "–");
                totalRow.add(all && there > 0 ? num(total / there, 2) : "–");
            });
            rows.add(totalRow);
        }
        String bounds = c.cpuDemands(partition).stream().map(d -> String.format(Locale.ROOT, "%s ÷ %.2f ms = %.0f req/s", d.what(),
                d.secondsPerRequest() * 1000, d.cores() / d.secondsPerRequest())).collect(Collectors.joining("; "));
        return new ReportTables.Table((whose.isEmpty() ? "Calibration" : whose) + ": CPU per request at saturation",
                reuse(c) + String.format(Locale.ROOT, "%d closed users with the cells' CEP latency (mean %.0f ms) and every limit but the CPU lifted: "
                                + "%.0f req/s, the machine %.0f%% busy, %.2f ms of CPU per request in all (%.0f%% of the low-load cost). The "
                                + "model's CPU bounds come from here: %s.", c.saturationUsers(), c.saturationCepMeanMs(), c.saturatedThroughput(),
                        c.saturatedBusy() * 100, c.saturatedTotalCpuMsPerRequest(), c.saturatedTotalCpuMsPerRequest() / c.totalCpuMsPerRequest() * 100,
                        bounds) + halves(c) + speed(c) + (cells.isEmpty() ? "" : " Beside it, each cell the CPU bound with a steady window: its processes' CPU per "
                        + "successful request over the hold window (median over repeats). Within ±15% (0.85-1.15) the calibration measured "
                        + "services as warm as the cells; far above 1, colder ones. The cells run with their own thread mode and Tomcat "
                        + "threads, the calibration with virtual threads (where the preset runs them; another implementation's in its own mode) and its limits lifted."),
                header, rows);
    }

    /** The saturated cost's two halves, so that a reader sees how far the CPU bounds' own input held still. */
    private static String halves(Calibration c) {
        Calibration.Halves h = c.saturatedHalves();
        if (h == null) return "";
        return " The services' and PostgreSQL's CPU per request over the window's two halves: " + h.text() + (h.settled() ? "."
                : String.format(Locale.ROOT, ", more than the %.0f%% the model aims for: the same services under the same load cost that much "
                        + "more or less within the run, so a prediction the CPU bound holds is good to about that much, not to %.0f%%.",
                        Calibration.Halves.SETTLED * 100, Calibration.Halves.SETTLED * 100));
    }

    /** The machine's speed the costs were measured at, which each cell's miss is read against (ModelMisses). */
    private static String speed(Calibration c) {
        return c.saturatedProbeMs() == null ? "" : String.format(Locale.ROOT, " A fixed pass of work on the services' CPUs (the lab's speed "
                + "probe) took %.2f ms over its window: where a cell's took longer, the machine ran slower there.", c.saturatedProbeMs());
    }

    private static String bound(Bound b) {
        return b.resource().label() + " " + num(b.throughput(), 0) + " (" + b.formula() + ")";
    }
}
