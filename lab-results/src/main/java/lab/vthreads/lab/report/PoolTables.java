package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.model.RecommendedLimit;
import lab.vthreads.lab.stack.Factors;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static lab.vthreads.lab.report.ReportTables.num;
import static lab.vthreads.lab.report.ReportTables.orDash;

/** The tables about the connection pool: where the queue forms, and what a concurrency limit does for each kind of client. */
final class PoolTables {

    private PoolTables() {
    }

    /** The pool table matters where the preset varies the pool, or where requests waited for a connection. */
    static boolean showsPool(ExperimentResults results) {
        boolean variants = results.settings().variants() != null && !results.settings().variants().isEmpty();
        boolean waited = results.cells().stream().flatMap(c -> c.repeats().stream())
                .anyMatch(r -> r.server().peakHikariPending() != null && r.server().peakHikariPending() >= 1);
        return variants || waited;
    }

    /** Where the queue forms, per cell (first repeat): in front of the pool (Hikari waiters) or of Tomcat (busy threads). */
    static ReportTables.Table pool(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (ExperimentResults.CellResult cell : results.cells()) {
            if (cell.repeats().isEmpty() || cell.factors() == null) continue;
            ExperimentResults.RepeatResult r = cell.repeats().getFirst();
            Factors f = cell.factors().factors();
            ExperimentResults.Server server = r.server();
            long unavailable = r.client().koReasons().entrySet().stream().filter(e -> e.getKey().contains("status 503")).mapToLong(Map.Entry::getValue).sum();
            rows.add(List.of(cell.id(),
                    f.effectivePoolSize() + (f.effectiveConcurrencyLimit() != null ? ", limit " + f.effectiveConcurrencyLimit() : "")
                            + (f.poolTimeoutMs() != null ? ", timeout " + f.poolTimeoutMs() + " ms" : ""),
                    f.lookupsInsideTransaction() ? "inside" : "outside",
                    num(Summary.middleMean(r, cell.sampleNames().hikariPending()), 1) + " / " + orDash(server.peakHikariPending(), 0),
                    !cell.mode().boundByTomcatThreads() ? "–" : num(Summary.busierTomcat(cell, r), 0),
                    orDash(server.meanHikariAcquireMs(), 1) + " / " + orDash(server.hikariAcquireP95Ms(), 0) + " / " + orDash(server.hikariAcquireP99Ms(), 0),
                    orDash(server.hikariTimeouts(), 0), Long.toString(unavailable), Long.toString(r.client().ko()),
                    num(r.client().latency().p99(), 0)));
        }
        List<String> header = new ArrayList<>(List.of("cell", "pool", "CEP lookups", "Hikari waiting, mean / peak", "Tomcat busy",
                "acquire ms, mean / p95 / p99", "pool time-outs", "503s", "errors", "p99 (ms)"));
        TestedSystem system = TestedSystem.of(results);
        if (!system.looksUpCeps()) {
            header.remove(2);
            rows.replaceAll(row -> {
                List<String> without = new ArrayList<>(row);
                without.remove(2);
                return without;
            });
        }
        return new ReportTables.Table("Where the queue forms: the pool or Tomcat",
                "First repeat of each cell. Hikari waiters as the mean over the middle of the run / the peak; Tomcat busy threads of the "
                        + system.tomcatOf() + " (platform mode); the time to get a connection from Hikari's histogram; " + system.timeoutsAnd503s(),
                header, rows);
    }

    /**
     * Every cell with a concurrency limit beside its sibling without one (same pool, users and lookups): goodput against
     * the pool bound, latency and errors, per client kind; and the limit Little's law recommends for the preset's target.
     */
    static ReportTables.Table backpressure(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        String recommendation = null;
        for (ExperimentResults.CellResult cell : results.cells()) {
            if (cell.repeats().isEmpty() || cell.factors() == null || cell.factors().factors().effectiveConcurrencyLimit() == null
                    || results.calibrationOf(cell) == null) continue;
            Factors f = cell.factors().factors();
            double holdMs = connectionHoldMs(results, cell, f);
            double poolBound = f.effectivePoolSize() / (holdMs / 1000);
            results.cells().stream().filter(c -> c.factors() != null && !c.repeats().isEmpty() && c.users() == cell.users() && c.mode() == cell.mode()
                            && c.factors().factors().effectiveConcurrencyLimit() == null && c.factors().factors().effectivePoolSize() == f.effectivePoolSize()
                            && c.factors().factors().lookupsInsideTransaction() == f.lookupsInsideTransaction() && c.factors().factors().hikariCp() == null)
                    .findFirst().ifPresent(sibling -> {
                        List<String> row = backpressureRow(sibling, poolBound);
                        if (rows.stream().noneMatch(r -> r.getFirst().equals(row.getFirst()))) rows.add(row);
                    });
            rows.add(backpressureRow(cell, poolBound));
            if (results.settings().targetLatencyMs() != null && recommendation == null) {
                RecommendedLimit r = RecommendedLimit.of(f.effectivePoolSize(), holdMs, results.settings().targetLatencyMs());
                recommendation = String.format(Locale.ROOT, "Recommended for a %d ms target (Little's law, with the calibrated hold of %.0f ms): %s. "
                        + "Measured with: a limit of %d and a connectionTimeout of %d ms.", results.settings().targetLatencyMs(), holdMs, r.explanation(),
                        f.effectiveConcurrencyLimit(), f.effectivePoolTimeoutMs());
            }
        }
        return new ReportTables.Table("Backpressure: what a concurrency limit does, by client",
                "Goodput is successful requests per second; the pool bound is connections ÷ the time one is held. An impatient client "
                        + "counts a 503 as a failure and its next request goes at once; a patient one sends it again after Retry-After, "
                        + "with back-off and jitter (deferred: such 503s; abandoned: users still waiting when the run ended). Request p99 "
                        + "is the successful attempt's own time; operation p99 runs from a user's first attempt to its success. "
                        + (recommendation != null ? recommendation : ""),
                List.of("cell", "client", "limit, connectionTimeout", "goodput (req/s)", "of the pool bound", "request p99 (ms)", "operation p99 (ms)",
                        "error rate", "deferred", "abandoned"), rows);
    }

    private static List<String> backpressureRow(ExperimentResults.CellResult cell, double poolBound) {
        Factors f = cell.factors().factors();
        List<ExperimentResults.RepeatResult> r = cell.repeats();
        double goodput = Summary.Stat.of(r.stream().mapToDouble(x -> x.client().throughput()).toArray()).median();
        return List.of(cell.id(), f.client() != null ? f.client() : "impatient",
                (f.effectiveConcurrencyLimit() != null ? f.effectiveConcurrencyLimit().toString() : "none") + ", " + f.effectivePoolTimeoutMs() + " ms",
                num(goodput, 1), String.format(Locale.ROOT, "%.0f%%", goodput / poolBound * 100),
                num(Summary.Stat.of(r.stream().mapToDouble(x -> x.client().latency().p99()).toArray()).median(), 0),
                num(Summary.Stat.of(r.stream().mapToDouble(x -> x.client().operationLatency() != null ? x.client().operationLatency().p99()
                        : x.client().latency().p99()).toArray()).median(), 0),
                String.format(Locale.ROOT, "%.1f%%", Summary.Stat.of(r.stream().mapToDouble(x -> x.client().errorRate()).toArray()).median() * 100),
                num(Summary.Stat.of(r.stream().mapToDouble(x -> x.client().deferred() != null ? x.client().deferred() : 0).toArray()).median(), 0),
                num(Summary.Stat.of(r.stream().mapToDouble(x -> x.client().abandoned() != null ? x.client().abandoned() : 0).toArray()).median(), 0));
    }

    /** How long a request of these factors holds its connection, from the calibration: longer with the lookups inside. */
    private static double connectionHoldMs(ExperimentResults results, ExperimentResults.CellResult cell, Factors f) {
        lab.vthreads.lab.model.Calibration c = results.calibrationOf(cell);
        double cepMeanMs = (f.cepLatency() != null ? f : results.settings().factors()).latency().meanMillis();
        return c.connectionsPerRequest() * (c.connectionHoldMs() + (f.lookupsInsideTransaction() ? c.cepLookupsPerRequest() * cepMeanMs : 0));
    }
}
