package lab.vthreads.lab.report;

import lab.vthreads.lab.experiment.ExperimentResults;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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

    private static final String CHART_JS = "META-INF/resources/webjars/chart.js/4.5.1/dist/chart.umd.min.js";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private HtmlReport() {
    }

    public static String render(ExperimentResults results, Summary summary) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("rows", summary.rows());
        List<Map<String, Object>> cells = new ArrayList<>();
        for (ExperimentResults.CellResult cell : results.cells()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("id", cell.id());
            c.put("samples", cell.repeats().isEmpty() ? List.of() : cell.repeats().getFirst().samples());
            cells.add(c);
        }
        data.put("cells", cells);
        String json = JSON.writeValueAsString(data).replace("</", "<\\/");

        StringBuilder html = new StringBuilder();
        html.append("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(esc(results.preset()))
                .append(" – vthreads-lab</title><style>")
                .append("body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1200px;color:#1d2330;padding:0 16px}")
                .append("h1{font-size:24px;margin-bottom:4px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd;padding-bottom:4px}")
                .append("table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d6d9e0;padding:4px 8px;text-align:right}")
                .append("th{background:#f3f4f7}td:nth-child(2),th:nth-child(2){text-align:left}.why{background:#f6f8fb;border-left:4px solid #5b7bd5;padding:8px 12px}")
                .append(".charts{display:grid;grid-template-columns:1fr 1fr;gap:16px}.cell{display:grid;grid-template-columns:1fr 1fr 1fr;gap:12px}")
                .append(".muted{color:#667}.chart{position:relative;min-width:0;height:340px}.cell .chart{height:320px}canvas{background:#fff}</style></head><body>");
        html.append("<h1>").append(esc(results.preset())).append(results.shortVariant() ? " <span class=muted>(short variant)</span>" : "").append("</h1>");
        html.append("<p>").append(esc(results.description())).append("</p>");
        if (results.why() != null) html.append("<p class=why><b>Why these settings.</b> ").append(esc(results.why().strip())).append("</p>");
        ExperimentResults.Environment e = results.environment();
        html.append(String.format(Locale.ROOT, "<p class=muted>%d cores, %,d MB, %s · JDK %s · Spring Boot %s · HikariCP %s · pgjdbc %s · Gatling %s · "
                        + "started %s · %d repeat(s) per cell, medians with min–max</p>", e.cores(), e.memoryMb(), esc(e.os()), esc(e.jdk()),
                esc(e.springBoot()), esc(e.hikariCp()), esc(e.pgjdbc()), esc(e.gatling()), esc(results.startedAt()), results.settings().repeat()));

        html.append("<h2>Throughput and latency against users</h2><div class=charts>").append(chart("throughput")).append(chart("latency")).append("</div>");
        html.append("<h2>Summary</h2>").append(summaryTable(summary));
        html.append("<h3>virtual ÷ platform</h3><table><tr><th>users</th><th>throughput</th><th>p95</th></tr>");
        summary.ratios().forEach(r -> html.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%.2f×</td><td>%.2f×</td></tr>", r.users(), r.throughput(), r.p95())));
        html.append("</table><h3>Footprint per mode</h3><table><tr><th>mode</th><th>peak platform threads</th><th>peak heap MB</th><th>mean CPU, services (cores)</th></tr>");
        summary.footprints().forEach(f -> html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>", f.mode(),
                SummaryMarkdown.num(f.peakPlatformThreads(), 0), SummaryMarkdown.num(f.peakHeapMb(), 0), SummaryMarkdown.num(f.meanCpuCoresServices(), 2))));
        html.append("</table>");

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
        html.append("<script>").append(chartJs()).append("</script><script>const DATA=").append(json).append(";").append(SCRIPT).append("</script></body></html>");
        return html.toString();
    }

    // Chart.js sizes a canvas from its parent: a grid item needs a wrapper that may shrink, or charts overflow the page.
    private static String chart(String id) {
        return "<div class=chart><canvas id=" + id + "></canvas></div>";
    }

    private static String summaryTable(Summary summary) {
        StringBuilder t = new StringBuilder("<table><tr><th>users</th><th>mode</th><th>requests</th><th>throughput (req/s)</th><th>mean (ms)</th>"
                + "<th>p95 (ms)</th><th>p99 (ms)</th><th>errors</th><th>consistent</th></tr>");
        for (Summary.Row r : summary.rows()) {
            t.append("<tr><td>").append(r.users()).append("</td><td>").append(r.mode()).append("</td><td>").append(SummaryMarkdown.stat(r.requests(), 0))
                    .append("</td><td>").append(SummaryMarkdown.stat(r.throughput(), 1)).append("</td><td>").append(SummaryMarkdown.stat(r.mean(), 0))
                    .append("</td><td>").append(SummaryMarkdown.stat(r.p95(), 0)).append("</td><td>").append(SummaryMarkdown.stat(r.p99(), 0))
                    .append("</td><td>").append(SummaryMarkdown.stat(r.errors(), 0)).append("</td><td>").append(r.allConsistent() ? "yes" : "<b>NO</b>")
                    .append(r.anyStealFlagged() ? " (steal)" : "").append("</td></tr>");
        }
        return t.append("</table>").toString();
    }

    private static final String SCRIPT = """
            const COLORS={platform:'#d9534f',virtual:'#2f6fde'};
            const PALETTE=['#2f6fde','#d9534f','#3a9d5d','#e0a526','#8a5cc2','#6c7a89','#17a2b8'];
            const modes=[...new Set(DATA.rows.map(r=>r.mode))];
            const users=[...new Set(DATA.rows.map(r=>r.users))].sort((a,b)=>a-b);
            function series(mode,pick){return users.map(u=>{const r=DATA.rows.find(x=>x.users===u&&x.mode===mode);return r?pick(r):null;});}
            function line(id,title,datasets,xTitle,yTitle,labels){new Chart(document.getElementById(id),{type:'line',data:{labels,datasets},
              options:{animation:false,maintainAspectRatio:false,plugins:{title:{display:true,text:title},legend:{labels:{boxWidth:12,font:{size:11}}}},scales:{x:{title:{display:true,text:xTitle}},y:{beginAtZero:true,title:{display:true,text:yTitle}}}}});}
            line('throughput','Throughput (median req/s) against users',modes.map(m=>({label:m,data:series(m,r=>r.throughput.median),borderColor:COLORS[m],backgroundColor:COLORS[m]})),'users','req/s',users);
            line('latency','p95 and p99 (median ms) against users',modes.flatMap(m=>[
              {label:m+' p95',data:series(m,r=>r.p95.median),borderColor:COLORS[m],backgroundColor:COLORS[m]},
              {label:m+' p99',data:series(m,r=>r.p99.median),borderColor:COLORS[m],backgroundColor:COLORS[m],borderDash:[6,4]}]),'users','ms',users);
            DATA.cells.forEach((cell,i)=>{
              const t=cell.samples.map(s=>s.t);
              const keys=p=>[...new Set(cell.samples.flatMap(s=>Object.keys(s)))].filter(p);
              const ds=ks=>ks.map((k,j)=>({label:k,data:cell.samples.map(s=>s[k]??null),borderColor:PALETTE[j%PALETTE.length],pointRadius:0,borderWidth:1.5}));
              line('cpu'+i,'CPU (cores)',ds(keys(k=>k.startsWith('cpu.'))),'s','cores',t);
              line('heap'+i,'Heap used (MB)',ds(['pessoa.heapMb','gateway.heapMb']),'s','MB',t);
              line('threads'+i,'Threads and connections',ds(['pessoa.liveThreads','gateway.liveThreads','pessoa.tomcatBusy','gateway.tomcatBusy','pessoa.hikariActive','pessoa.hikariPending','pessoa.virtualThreads']),'s','count',t);
            });
            """;

    private static String chartJs() {
        try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(CHART_JS)) {
            if (in == null) throw new IllegalStateException("Chart.js webjar missing from the classpath: " + CHART_JS);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String esc(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
