package lab.vthreads.lab.report;

import lab.vthreads.lab.experiment.ExperimentResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** summary.md: the experiment in tables a person can paste into an issue or a paper. */
public final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    public static String render(ExperimentResults results, Summary summary) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(results.preset()).append(results.shortVariant() ? " (short variant)" : "").append("\n\n");
        md.append(results.description()).append("\n\n");
        if (results.why() != null) md.append("**Why these settings.** ").append(results.why().strip()).append("\n\n");
        ExperimentResults.Environment e = results.environment();
        md.append(String.format(Locale.ROOT, "Machine: %d cores, %,d MB, %s; JDK %s; Spring Boot %s, HikariCP %s, pgjdbc %s, Gatling %s. "
                        + "Started %s. Every figure is the median over %d repeat(s), with min–max.%n%n",
                e.cores(), e.memoryMb(), e.os(), e.jdk(), e.springBoot(), e.hikariCp(), e.pgjdbc(), e.gatling(), results.startedAt(),
                results.settings().repeat()));
        String scaled = ReportTables.scaledNote(results);
        if (scaled != null) md.append("**").append(scaled).append("**\n\n");
        for (ReportTables.Table t : tables(results, summary)) {
            md.append("## ").append(t.title()).append("\n\n");
            if (t.note() != null) md.append(t.note()).append("\n\n");
            md.append(markdown(t)).append('\n');
        }
        return md.toString();
    }

    static List<ReportTables.Table> tables(ExperimentResults results, Summary summary) {
        List<ReportTables.Table> tables = new ArrayList<>();
        tables.add(ReportTables.results(summary));
        ReportTables.Table failures = ReportTables.failures(results);
        if (!failures.rows().isEmpty()) tables.add(failures);
        if (!summary.ratios().isEmpty()) tables.add(ReportTables.ratios(summary, results.settings().published(), results.scaled()));
        if (!summary.model().isEmpty()) tables.add(ReportTables.model(summary));
        if (showsPool(results)) tables.add(ReportTables.pool(results));
        if (results.calibration() != null) tables.add(ReportTables.calibration(results.calibration()));
        tables.add(ReportTables.footprint(summary, results.settings().published()));
        return tables;
    }

    /** The pool table matters where the preset varies the pool, or where requests waited for a connection. */
    static boolean showsPool(ExperimentResults results) {
        boolean variants = results.settings().variants() != null && !results.settings().variants().isEmpty();
        boolean waited = results.cells().stream().flatMap(c -> c.repeats().stream())
                .anyMatch(r -> r.server().peakHikariPending() != null && r.server().peakHikariPending() >= 1);
        return variants || waited;
    }

    /** The results table alone, for the terminal at the end of a run. */
    public static String table(Summary summary) {
        return markdown(ReportTables.results(summary));
    }

    static String markdown(ReportTables.Table t) {
        StringBuilder md = new StringBuilder("| " + String.join(" | ", t.header()) + " |\n|");
        t.header().forEach(h -> md.append("---|"));
        md.append('\n');
        t.rows().forEach(r -> md.append("| ").append(String.join(" | ", r)).append(" |\n"));
        return md.toString();
    }
}
