package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;

import java.util.List;
import java.util.Locale;

/** summary.md: the experiment in tables a person can paste into an issue or a paper. */
public final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    public static String render(ExperimentResults results, Summary summary) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(results.preset()).append(results.shortVariant() ? " (short variant)" : "").append("\n\n");
        List<String> verdict = summary.verdict().lines();
        if (!verdict.isEmpty()) {
            md.append("## Verdict\n\n");
            verdict.forEach(line -> md.append("- ").append(line).append('\n'));
            md.append('\n').append(Verdict.HOW_TO_READ).append("\n\n");
        }
        md.append(results.description()).append("\n\n");
        if (results.why() != null) md.append("**Why these settings.** ").append(results.why().strip()).append("\n\n");
        ExperimentResults.Environment e = results.environment();
        md.append(String.format(Locale.ROOT, "Machine: %d cores, %,d MB, %s; JDK %s; Spring Boot %s, HikariCP %s, pgjdbc %s, Gatling %s. "
                        + "Started %s. Every figure is the median over %d repeat(s), with min–max.%n%n",
                e.cores(), e.memoryMb(), e.os(), e.jdk(), e.springBoot(), e.hikariCp(), e.pgjdbc(), e.gatling(), results.startedAt(),
                results.settings().repeat()));
        String stages = lab.vthreads.lab.measured.StageClock.describe(results.stageSeconds());
        if (stages != null) md.append("Where the run's time went: ").append(stages).append(". Only the cells' windows measure.\n\n");
        md.append("**").append(ReportTables.isolationNote(results)).append("**\n\n");
        String scaled = ReportTables.scaledNote(results);
        if (scaled != null) md.append("**").append(scaled).append("**\n\n");
        String target = ReportTables.targetNote(results);
        if (target != null) md.append("**").append(target).append("**\n\n");
        for (ReportTables.Table t : ReportTables.all(results, summary)) {
            md.append("## ").append(t.title()).append("\n\n");
            if (t.note() != null) md.append(t.note()).append("\n\n");
            md.append(markdown(t)).append('\n');
        }
        return md.toString();
    }

    /** With faults, whether anything was lost and how each fault recovered, for the terminal; empty without faults. */
    public static String faults(ExperimentResults results) {
        List<ReportTables.Table> tables = FaultTables.all(results);
        if (tables.isEmpty()) return "";
        return "\n" + markdown(FaultTables.nothingLost(results)) + "\n" + markdown(FaultTables.recoveries(results));
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
