package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.metrics.SampleKeys;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * index.html: one self-contained page (Chart.js inlined from its webjar, the data inlined as JSON) that opens offline:
 * throughput and p95/p99 against users per mode, each cell's time series on one timeline, the summary tables, and a
 * link to every Gatling report.
 */
public final class HtmlReport {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private HtmlReport() {
    }

    // Records, not Map.of: a record's fields keep their order, so the same results render the same page in every JVM.

    /** A cell's predicted throughput, drawn on the users chart. */
    private record ModelPoint(String cell, double predicted, String bottleneck) {
    }

    /** The sample keys the page's script reads the series by. */
    private record SeriesKeys(String time, String cpuPrefix) {
    }

    public static String render(ExperimentResults results, Summary summary) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("rows", summary.rows());
        data.put("model", summary.model().stream().map(m -> new ModelPoint(m.cell(), m.predicted(), m.prediction().bottleneck().label())).toList());
        List<Map<String, Object>> cells = new ArrayList<>();
        for (ExperimentResults.CellResult cell : results.cells()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("id", cell.id());
            c.put("samples", cell.repeats().isEmpty() ? List.of() : cell.repeats().getFirst().samples());
            // Its services' series, under the names its samples carry them.
            c.put("heap", cell.sampleNames().heapSeries());
            c.put("threads", cell.sampleNames().threadSeries());
            cells.add(c);
        }
        data.put("cells", cells);
        data.put("keys", new SeriesKeys(SampleKeys.TIME, SampleKeys.CPU_PREFIX));
        String json = JSON.writeValueAsString(data).replace("</", "<\\/");

        StringBuilder html = new StringBuilder();
        html.append("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(esc(results.preset()))
                .append(" – vthreads-lab</title><style>").append(Assets.css()).append("</style></head><body>");
        html.append("<h1>").append(esc(results.preset())).append(results.shortVariant() ? " <span class=muted>(short variant)</span>" : "").append("</h1>");
        List<String> verdict = summary.verdict().lines();
        if (!verdict.isEmpty()) {
            html.append("<div class=verdict><h2>Verdict</h2><ul>");
            verdict.forEach(line -> html.append("<li>").append(esc(line).replaceAll("\\*\\*(.+?)\\*\\*", "<b>$1</b>")).append("</li>"));
            html.append("</ul><p class=muted>").append(esc(Verdict.HOW_TO_READ)).append("</p></div>");
        }
        html.append("<p>").append(esc(results.description())).append("</p>");
        if (results.why() != null) html.append("<p class=why><b>Why these settings.</b> ").append(esc(results.why().strip())).append("</p>");
        ExperimentResults.Environment e = results.environment();
        html.append(String.format(Locale.ROOT, "<p class=muted>%d cores, %,d MB, %s · JDK %s · Spring Boot %s · HikariCP %s · pgjdbc %s · Gatling %s · "
                        + "started %s · %d repeat(s) per cell, medians with min–max</p>", e.cores(), e.memoryMb(), esc(e.os()), esc(e.jdk()),
                esc(e.springBoot()), esc(e.hikariCp()), esc(e.pgjdbc()), esc(e.gatling()), esc(results.startedAt()), results.settings().repeat()));

        html.append("<h2>Throughput and latency against users</h2><div class=charts>").append(chart("throughput")).append(chart("latency")).append("</div>");
        html.append("<h2>Measured and predicted throughput per cell</h2><div class=\"chart wide\">").append("<canvas id=percell></canvas></div>");
        html.append("<p class=why>").append(esc(ReportTables.isolationNote(results))).append("</p>");
        String scaled = ReportTables.scaledNote(results);
        if (scaled != null) html.append("<p class=why>").append(esc(scaled)).append("</p>");
        String target = ReportTables.targetNote(results);
        if (target != null) html.append("<p class=why>").append(esc(target)).append("</p>");
        for (ReportTables.Table t : ReportTables.all(results, summary)) {
            html.append("<h2>").append(esc(t.title())).append("</h2>");
            if (t.note() != null) html.append("<p class=muted>").append(esc(t.note())).append("</p>");
            html.append(table(t));
        }

        html.append("<h2>Each cell over time (first repeat)</h2><p class=muted>CPU in cores per process; heap in MB; threads and connections as counts. "
                + "Gatling reports: ");
        for (ExperimentResults.CellResult cell : results.cells()) {
            for (ExperimentResults.RepeatResult r : cell.repeats()) {
                if (r.gatlingReport() != null) {
                    html.append("<a href=\"").append(esc(r.gatlingReport())).append("\">").append(esc(cell.id())).append(" r").append(r.repeat()).append("</a> ");
                }
            }
        }
        html.append("</p>");
        for (int i = 0; i < results.cells().size(); i++) {
            html.append("<h3>").append(esc(results.cells().get(i).id())).append("</h3><div class=cell>")
                    .append(chart("cpu" + i)).append(chart("heap" + i)).append(chart("threads" + i)).append("</div>");
        }
        html.append("<script>").append(Assets.chartJs()).append("</script><script>const DATA=").append(json).append(";\n")
                .append(Assets.reportScript()).append("</script></body></html>");
        return html.toString();
    }

    private static String chart(String id) {
        return "<div class=chart><canvas id=" + id + "></canvas></div>";
    }

    static String esc(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static String table(ReportTables.Table t) {
        StringBuilder html = new StringBuilder("<table><tr>");
        t.header().forEach(h -> html.append("<th>").append(esc(h)).append("</th>"));
        html.append("</tr>");
        for (List<String> row : t.rows()) {
            html.append("<tr>");
            row.forEach(cell -> html.append("<td>").append(esc(cell).replaceAll("\\*\\*(.+?)\\*\\*", "<b>$1</b>")).append("</td>"));
            html.append("</tr>");
        }
        return html.append("</table>").toString();
    }

}
