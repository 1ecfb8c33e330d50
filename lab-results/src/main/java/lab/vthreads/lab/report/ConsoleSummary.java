package lab.vthreads.lab.report;

import java.io.PrintStream;
import java.util.List;

/** What `./lab run` prints when a run is done: the verdict, the summary table, each ratio, each cell's prediction and how close the model came over the run. */
public final class ConsoleSummary {

    private ConsoleSummary() {
    }

    public static void print(PrintStream out, Summary summary) {
        out.println();
        List<String> verdict = summary.verdict().lines();
        if (!verdict.isEmpty()) {
            out.println("Verdict:");
            verdict.forEach(line -> out.println("  " + line.replace("**", "")));
            out.println();
        }
        out.print(SummaryMarkdown.table(summary));
        summary.ratios().forEach(r -> out.printf("virtual/platform at %s%d users: throughput %s, p95 %s%s%n",
                r.variant() != null ? r.variant() + ", " : "", r.users(), times(r.throughput()), times(r.p95()),
                r.publishedThroughput() != null ? String.format(" (published: %.2f×%s)", r.publishedThroughput(),
                        r.publishedP95() != null ? String.format(", p95 %.2f×", r.publishedP95()) : "") : ""));
        summary.contenders().forEach(c -> out.printf("%s/%s at %s%d users: throughput %s, p95 %s%n", c.mode().label(), c.against().label(),
                c.variant() != null ? c.variant() + ", " : "", c.users(), times(c.throughput()), times(c.p95())));
        summary.model().forEach(m -> out.printf("%s: predicted %.0f req/s (bound %.0f, %s), measured %.1f req/s (%s), %+.0f%%%s%n", m.cell(),
                m.predicted(), m.prediction().throughput(), m.prediction().bottleneck().label(), m.measured(), m.observed().label(),
                m.deviation() * 100, m.surprising() ? "  <- more than 15% off: " + m.miss() : ""));
        String accuracy = ModelAccuracy.of(summary).sentence();
        if (!accuracy.isEmpty()) out.println(accuracy);
    }

    /** A ratio, or why there is none: a mode with no measured cell at that level (it did not run, or served nothing). */
    static String times(double ratio) {
        return Double.isFinite(ratio) ? String.format(java.util.Locale.ROOT, "%.2f×", ratio) : "not measured (a mode has no measured cell at this level)";
    }
}
