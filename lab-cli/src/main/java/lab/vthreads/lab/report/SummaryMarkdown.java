package lab.vthreads.lab.report;

import lab.vthreads.lab.experiment.ExperimentResults;

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
        md.append(table(summary));
        md.append("\n### virtual ÷ platform\n\n| users | throughput | p95 |\n|---:|---:|---:|\n");
        summary.ratios().forEach(r -> md.append(String.format(Locale.ROOT, "| %d | %.2f× | %.2f× |%n", r.users(), r.throughput(), r.p95())));
        md.append("\n### Footprint per mode\n\n| mode | peak platform threads (pessoa-service) | peak heap MB (pessoa-service) | mean CPU, both services (cores) |\n|---|---:|---:|---:|\n");
        summary.footprints().forEach(f -> md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", f.mode(), num(f.peakPlatformThreads(), 0),
                num(f.peakHeapMb(), 0), num(f.meanCpuCoresServices(), 2))));
        md.append("\nThroughput counts successful requests per second in the hold window; latencies are Gatling's response times "
                + "(ms) in that window. \"consistent\" means every 201 was exactly one new row.\n");
        return md.toString();
    }

    public static String table(Summary summary) {
        StringBuilder md = new StringBuilder("| users | mode | requests | throughput (req/s) | mean (ms) | p95 (ms) | p99 (ms) | errors | consistent |\n"
                + "|---:|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (Summary.Row r : summary.rows()) {
            md.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s | %s | %s | %s%s |%n", r.users(), r.mode(), stat(r.requests(), 0),
                    stat(r.throughput(), 1), stat(r.mean(), 0), stat(r.p95(), 0), stat(r.p99(), 0), stat(r.errors(), 0),
                    r.allConsistent() ? "yes" : "**NO**", r.anyStealFlagged() ? " (steal flagged)" : ""));
        }
        return md.toString();
    }

    static String stat(Summary.Stat s, int decimals) {
        if (Double.isNaN(s.median())) return "–";
        String median = num(s.median(), decimals);
        return s.min() == s.max() ? median : median + " (" + num(s.min(), decimals) + "–" + num(s.max(), decimals) + ")";
    }

    static String num(double value, int decimals) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }
}
