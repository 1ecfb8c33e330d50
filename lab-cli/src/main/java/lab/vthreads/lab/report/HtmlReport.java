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
        data.put("model", summary.model().stream().map(m -> Map.of("cell", m.cell(), "predicted", m.prediction().throughput(),
                "bottleneck", m.prediction().bottleneck().label())).toList());
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
                .append(".muted{color:#667}.chart{position:relative;min-width:0;height:340px}.wide{height:300px}.cell .chart{height:320px}canvas{background:#fff}</style></head><body>");
        html.append("<h1>").append(esc(results.preset())).append(results.shortVariant() ? " <span class=muted>(short variant)</span>" : "").append("</h1>");
        html.append("<p>").append(esc(results.description())).append("</p>");
        if (results.why() != null) html.append("<p class=why><b>Why these settings.</b> ").append(esc(results.why().strip())).append("</p>");
        ExperimentResults.Environment e = results.environment();
        html.append(String.format(Locale.ROOT, "<p class=muted>%d cores, %,d MB, %s · JDK %s · Spring Boot %s · HikariCP %s · pgjdbc %s · Gatling %s · "
                        + "started %s · %d repeat(s) per cell, medians with min–max</p>", e.cores(), e.memoryMb(), esc(e.os()), esc(e.jdk()),
                esc(e.springBoot()), esc(e.hikariCp()), esc(e.pgjdbc()), esc(e.gatling()), esc(results.startedAt()), results.settings().repeat()));

        html.append("<h2>Throughput and latency against users</h2><div class=charts>").append(chart("throughput")).append(chart("latency")).append("</div>");
        html.append("<h2>Measured and predicted throughput per cell</h2><div class=\"chart wide\">").append("<canvas id=percell></canvas></div>");
        String scaled = ReportTables.scaledNote(results);
        if (scaled != null) html.append("<p class=why>").append(esc(scaled)).append("</p>");
        for (ReportTables.Table t : SummaryMarkdown.tables(results, summary)) {
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
        html.append("<script>").append(chartJs()).append("</script><script>const DATA=").append(json).append(";").append(SCRIPT).append("</script></body></html>");
        return html.toString();
    }

    // Chart.js sizes a canvas from its parent: a grid item needs a wrapper that may shrink, or charts overflow the page.
    private static String chart(String id) {
        return "<div class=chart><canvas id=" + id + "></canvas></div>";
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

    private static final String SCRIPT = """
            const COLORS={platform:'#d9534f',virtual:'#2f6fde'};
            const PALETTE=['#2f6fde','#d9534f','#3a9d5d','#e0a526','#8a5cc2','#6c7a89','#17a2b8'];
            const key=r=>(r.variant?r.variant+' ':'')+r.mode;
            const modes=[...new Set(DATA.rows.map(key))];
            const users=[...new Set(DATA.rows.map(r=>r.users))].sort((a,b)=>a-b);
            const color=(m,i)=>COLORS[m]||PALETTE[i%PALETTE.length];
            function series(mode,pick){return users.map(u=>{const r=DATA.rows.find(x=>x.users===u&&key(x)===mode);return r?pick(r):null;});}
            function line(id,title,datasets,xTitle,yTitle,labels){new Chart(document.getElementById(id),{type:'line',data:{labels,datasets},
              options:{animation:false,maintainAspectRatio:false,plugins:{title:{display:true,text:title},legend:{labels:{boxWidth:12,font:{size:11}}}},scales:{x:{title:{display:true,text:xTitle}},y:{beginAtZero:true,title:{display:true,text:yTitle}}}}});}
            line('throughput','Throughput (median req/s) against users',modes.map((m,i)=>({label:m,data:series(m,r=>r.throughput.median),borderColor:color(m,i),backgroundColor:color(m,i)})),'users','req/s',users);
            line('latency','p95 and p99 (median ms) against users',modes.flatMap((m,i)=>[
              {label:m+' p95',data:series(m,r=>r.p95.median),borderColor:color(m,i),backgroundColor:color(m,i)},
              {label:m+' p99',data:series(m,r=>r.p99.median),borderColor:color(m,i),backgroundColor:color(m,i),borderDash:[6,4]}]),'users','ms',users);
            new Chart(document.getElementById('percell'),{type:'bar',data:{labels:DATA.rows.map(r=>r.cell),datasets:[
              {label:'measured (median req/s)',data:DATA.rows.map(r=>r.throughput.median),backgroundColor:'#2f6fde'},
              {label:'predicted by the model',data:DATA.rows.map(r=>{const m=DATA.model.find(x=>x.cell===r.cell);return m?m.predicted:null;}),backgroundColor:'#c9cfdb'}]},
              options:{animation:false,maintainAspectRatio:false,plugins:{tooltip:{callbacks:{afterLabel:c=>{const m=DATA.model.find(x=>x.cell===c.label);return c.datasetIndex===1&&m?'bound: '+m.bottleneck:'';}}}},scales:{y:{beginAtZero:true,title:{display:true,text:'req/s'}}}}});
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
