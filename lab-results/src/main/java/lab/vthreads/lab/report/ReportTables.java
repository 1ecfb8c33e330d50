package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.plan.Published;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.ScaledScenario;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/** The report's tables, built once and rendered both as Markdown (summary.md) and as HTML (index.html). */
final class ReportTables {

    record Table(String title, String note, List<String> header, List<List<String>> rows) {
    }

    private ReportTables() {
    }

    /** Every table the report shows for this experiment, in order: markdown and HTML render the same list. */
    static List<Table> all(ExperimentResults results, Summary summary) {
        List<Table> tables = new ArrayList<>();
        tables.add(results(summary));
        tables.add(FairnessTables.partition(results.partition(), TestedSystem.of(results)));
        Table failures = failures(results);
        if (!failures.rows().isEmpty()) tables.add(failures);
        if (!results.startupChecks().isEmpty()) tables.add(StartupTables.startups(results));
        tables.addAll(FaultTables.all(results));
        if (!summary.ratios().isEmpty()) tables.add(ratios(summary, results.settings().published(), results.scaled()));
        for (ThreadMode mode : summary.contenders().stream().map(Contenders.Contender::mode).distinct().toList()) {
            tables.add(contenders(summary, mode));
        }
        List<lab.vthreads.lab.measured.CodeSize> sizes = results.environment() == null ? null : results.environment().codeSizes();
        if (!summary.contenders().isEmpty() && sizes != null && !sizes.isEmpty()) tables.add(Contenders.cost(sizes));
        if (!summary.aa().isEmpty()) tables.add(FairnessTables.noise(summary));
        if (!summary.verdict().levels().isEmpty()) tables.add(FairnessTables.betweenRuns(summary));
        if (summary.rows().stream().anyMatch(r -> r.steady() != null)) tables.add(steadiness(summary));
        if (!summary.interference().pairs().isEmpty() || !summary.interference().loadSides().isEmpty()) {
            tables.add(FairnessTables.fairness(summary.interference()));
        }
        if (!summary.model().isEmpty()) tables.add(ModelTables.model(summary));
        if (PoolTables.showsPool(results)) tables.add(PoolTables.pool(results));
        Table backpressure = PoolTables.backpressure(results);
        if (!backpressure.rows().isEmpty()) tables.add(backpressure);
        // The first implementation's as "Calibration", any other's under its name, beside it.
        String first = results.calibrations().keySet().stream().findFirst().orElse(null);
        results.calibrations().forEach((implementation, calibration) -> {
            String whose = implementation.equals(first) ? "" : "Calibration of " + implementation;
            tables.add(ModelTables.saturation(calibration, results.partition(), ModelTables.cpuBoundCells(results, summary, implementation), whose));
            tables.add(ModelTables.calibration(calibration, whose));
        });
        tables.add(footprint(summary, TestedSystem.of(results), results.settings().published()));
        tables.addAll(PinningTables.all(results));
        Table observer = FairnessTables.observer(results);
        if (!observer.rows().isEmpty()) tables.add(observer);
        return tables;
    }

    static Table results(Summary summary) {
        List<List<String>> rows = new ArrayList<>();
        for (Summary.Row r : summary.rows()) {
            rows.add(List.of(r.cell(), stat(r.requests(), 0), stat(r.throughput(), 1), stat(r.mean(), 0), stat(r.p95(), 0), stat(r.p99(), 0),
                    stat(r.errors(), 0), r.repeats() == 0 ? "did not run"
                            : (r.allConsistent() == null ? "not checked" : r.allConsistent() ? "yes" : "**NO**") + (r.anyStealFlagged() ? " (steal flagged)" : "")));
        }
        return new Table("Results per cell", "Throughput counts successful requests per second in the hold window; latencies are Gatling's "
                + "response times (ms) in that window. \"consistent\" means every 201 was exactly one new row (not checked for a user's application, whose rows the lab does not count).",
                List.of("cell", "requests", "throughput (req/s)", "mean (ms)", "p95 (ms)", "p99 (ms)", "errors", "consistent"), rows);
    }

    /** The verdict's judgement of this ratio, and the floor it was judged by. */
    private static String noiseCell(Summary summary, Summary.Ratio r) {
        Verdict.Level level = summary.verdict().levels().stream().filter(l -> Objects.equals(l.variant(), r.variant()) && l.users() == r.users())
                .findFirst().orElse(null);
        if (level == null) return "–";
        String floor = level.betweenRuns() != null
                ? String.format(Locale.ROOT, "between runs ±%.0f%%", level.betweenRuns().halfWidth() * 100)
                : level.aaSpread() != null && Objects.equals(level.aaUsers(), level.users()) ? String.format(Locale.ROOT, "A/A ±%.0f%%", level.aaSpread() * 100) : null;
        String judged = switch (level.noise()) {
            case BEYOND -> "**yes**";
            case WITHIN -> "no";
            case THIS_RUN_ONLY -> "this run only";
            case NO_FLOOR -> "–";
        };
        return floor == null ? judged : judged + " (" + floor + ")";
    }

    static Table ratios(Summary summary, Published published, ScaledScenario scaled) {
        boolean withStudy = published != null;
        boolean withNoise = summary.verdict().levels().stream().anyMatch(l -> l.noise() != Verdict.Noise.NO_FLOOR);
        boolean withSteadiness = summary.ratios().stream().anyMatch(r -> r.steady() != null);
        boolean withMeans = summary.ratios().stream().anyMatch(r -> r.publishedMean() != null);
        List<List<String>> rows = new ArrayList<>();
        for (Summary.Ratio r : summary.ratios()) {
            List<String> row = new ArrayList<>(List.of((r.variant() != null ? r.variant() + ", " : "") + r.users() + " users"
                            + (scaled != null ? " (for the study's " + scaled.publishedUsersFor(r.users()) + ")" : ""),
                    ratio(r.throughput()), ratio(r.p95())));
            if (withNoise) row.add(noiseCell(summary, r));
            if (withSteadiness) row.add(r.steady() == null ? "–" : r.steady() ? "yes" : "**no**: see Steadiness");
            if (withStudy) {
                row.add(r.publishedThroughput() != null ? ratio(r.publishedThroughput()) : "–");
                row.add(r.publishedP95() != null ? ratio(r.publishedP95()) : "–");
            }
            if (withMeans) {
                row.add(ratio(r.mean()));
                row.add(r.publishedMean() != null ? ratio(r.publishedMean()) : "–");
            }
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("cells", "throughput, measured", "p95, measured"));
        if (withNoise) header.add("throughput beyond noise?");
        if (withSteadiness) header.add("steady windows?");
        if (withStudy) header.addAll(List.of("throughput, published", "p95, published"));
        if (withMeans) header.addAll(List.of("mean latency, measured", "mean latency, published"));
        return new Table("virtual ÷ platform" + (withStudy ? ", measured and published" : ""),
                withStudy ? "Published: " + published.cited() + " Absolute numbers depend on the hardware; the ratios are what carries over." : null,
                header, rows);
    }

    /** A contending mode beside each thread mode; its noise is read from the A/A table, as no verdict is drawn on it. */
    static Table contenders(Summary summary, ThreadMode mode) {
        List<List<String>> rows = new ArrayList<>();
        for (Contenders.Contender c : summary.contenders()) {
            if (c.mode() != mode) continue;
            rows.add(List.of((c.variant() != null ? c.variant() + ", " : "") + c.users() + " users", mode.label() + " ÷ " + c.against().label(),
                    ratio(c.throughput()), ratio(c.p95()), ratio(c.mean()), Double.isNaN(c.cpuPerRequest()) ? "not measured" : ratio(c.cpuPerRequest()),
                    c.steady() == null ? "–" : c.steady() ? "yes" : "**no**: see Steadiness"));
        }
        return new Table(mode.label() + " ÷ each thread mode",
                mode.servedBy() + " against pessoa-service's cells at the same level. Read a ratio against the A/A spread above: no verdict is drawn on it. "
                        + "Where the services' CPU binds, the mode that spends less CPU per request serves more.",
                List.of("cells", "against", "throughput", "p95", "mean latency", "pessoa-service CPU per request", "steady windows?"), rows);
    }

    static Table steadiness(Summary summary) {
        List<List<String>> rows = new ArrayList<>();
        for (Summary.Row r : summary.rows()) {
            if (r.steady() == null) continue;
            List<String> noise = new ArrayList<>();
            for (int i = 0; i < r.trends().size(); i++) {
                Double n = i < r.trendNoises().size() ? r.trendNoises().get(i) : null;
                noise.add(n == null ? "–" : String.format(Locale.ROOT, "±%.1f%%", n * 100));
            }
            rows.add(List.of(r.cell(), r.trends().stream().map(t -> String.format(Locale.ROOT, "%+.0f%%", t * 100)).collect(Collectors.joining(", ")),
                    String.join(", ", noise), r.steady() ? "steady" : "**still changing**"));
        }
        return new Table("Steadiness of the hold window",
                String.format(Locale.ROOT, "Throughput in the second half of the hold window ÷ the first half, per repeat, and the "
                        + "noise of that figure (its standard error, from the window's per-second successes). Beyond ±%.0f%% and beyond "
                        + "%.0f× its noise the system was still changing while it was measured (the services' JIT still compiling: see "
                        + "the observer table's compilation share and the prewarm; a queue still filling), so the cell's figures depend "
                        + "on where the window was cut, and a ratio between such cells says more about warm-up than about the thread "
                        + "model. A longer --prewarm is the remedy.",
                        lab.vthreads.lab.load.ClientResult.STEADY * 100, lab.vthreads.lab.load.ClientResult.NOISE_MULTIPLE),
                List.of("cell", "2nd half ÷ 1st half − 1", "its noise", "verdict"), rows);
    }

    static Table footprint(Summary summary, TestedSystem system, Published published) {
        Published.Footprint study = published != null ? published.footprint() : null;
        List<List<String>> rows = new ArrayList<>();
        for (Summary.ModeFootprint f : summary.footprints()) {
            boolean platform = f.mode() == ThreadMode.PLATFORM;
            List<String> row = new ArrayList<>(List.of(f.mode().label(), num(f.peakPlatformThreads(), 0), num(f.peakVirtualThreads(), 0),
                    num(f.peakHeapMb(), 0), num(f.peakRssMb(), 0), num(f.peakHeapMbGateway(), 0), num(f.peakRssMbGateway(), 0),
                    num(f.meanCpuCoresServices(), 2) + (Double.isNaN(f.servicesCpuShare()) ? "" : String.format(Locale.ROOT, " (%.0f%%)", f.servicesCpuShare() * 100))));
            if (study != null) {
                row.add(orDash(platform ? study.platformPeakThreads() : study.virtualPeakThreads(), 0));
                row.add(orDash(platform ? study.platformHeapMb() : study.virtualHeapMb(), 0));
                Double share = platform ? study.platformCpuShare() : study.virtualCpuShare();
                row.add(share != null ? String.format(Locale.ROOT, "%.0f%%", share * 100) : "–");
            }
            rows.add(row);
        }
        String service = system.footprintProcess();
        List<String> header = new ArrayList<>(List.of("mode", "peak platform threads (" + service + ")", "peak virtual threads (" + service + ")",
                "peak heap MB (" + service + ")", "peak RSS MB (" + service + ")", "peak heap MB (gateway-service)", "peak RSS MB (gateway-service)",
                system.cpuColumn()));
        if (!system.hasGateway()) {
            header.subList(5, 7).clear();
            rows.forEach(r -> r.subList(5, 7).clear());
        }
        if (study != null) {
            header.addAll(List.of("published peak threads", study.memoryIsRss() ? "published memory MB (beside RSS)" : "published memory MB (beside heap)",
                    "published CPU"));
        }
        String note = "Peaks over every cell of the mode; RSS counts a process's resident pages (shared ones included), heap the JVM's used heap."
                + (study != null && study.memory() != null ? " The study's memory stands beside the " + (study.memoryIsRss() ? "RSS" : "heap")
                + (study.memoryReason() != null ? ": " + study.memoryReason().trim() : ".") : "");
        return new Table("Footprint per mode", note, header, rows);
    }

    /** Repeats that never ran because the stack would not start, with the first line of why. */
    static Table failures(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (ExperimentResults.CellResult cell : results.cells()) {
            if (cell.failures() == null) continue;
            cell.failures().forEach(f -> rows.add(List.of(cell.id(), f.lines().findFirst().orElse(f))));
        }
        return new Table("Runs that did not happen", "The stack would not start for these; the logs are in the cell's folder.",
                List.of("cell", "why"), rows);
    }

    /** One line on how the machine was shared, for the top of the report. */
    static String isolationNote(ExperimentResults results) {
        Partition p = results.partition();
        if (p == null || !p.isolated()) {
            return "Not isolated: the load generator shared the services' CPUs" + (p != null ? " (" + p.reason() + ")" : "")
                    + ". Check the fairness table before trusting a virtual ÷ platform ratio.";
        }
        return "Isolated (" + p.mode().name().toLowerCase(Locale.ROOT) + "): the load generator, the CEP mock and the lab on CPU(s) " + p.loadCpus()
                + ", the services and PostgreSQL on CPU(s) " + p.systemCpus() + ".";
    }

    /** For a run against a stack the lab did not start: what it could not measure or set. */
    static String targetNote(ExperimentResults results) {
        var t = results.target();
        if (t == null) return null;
        return "External stack (--target " + t.file() + "): the lab started and stopped nothing but Gatling. Not available: "
                + String.join("; ", t.unavailable()) + "."
                + (t.unapplied().isEmpty() ? "" : " Asked for by the preset but not applied (the stack's own settings ran): "
                + String.join(", ", t.unapplied()) + ".");
    }

    static String scaledNote(ExperimentResults results) {
        return results.scaled() == null ? null : "Scaled to this machine with --scale: " + results.scaled().explanation();
    }

    static String stat(Summary.Stat s, int decimals) {
        if (Double.isNaN(s.median())) return "–";
        String median = num(s.median(), decimals);
        return s.min() == s.max() ? median : median + " (" + num(s.min(), decimals) + "–" + num(s.max(), decimals) + ")";
    }

    static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "–" : String.format(Locale.ROOT, "%.2f×", value);
    }

    static String orDash(Double value, int decimals) {
        return value == null ? "–" : num(value, decimals);
    }

    static String num(double value, int decimals) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "–" : String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }
}
