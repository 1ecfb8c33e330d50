package lab.vthreads.lab.report;

import lab.vthreads.lab.micro.ExecutorMicro;
import lab.vthreads.lab.measured.ExperimentResults;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The executor micro-benchmark's folder: micro.json, summary.md and index.html (one table: no load, no charts). */
public final class MicroReport {

    /** What micro.json holds. */
    public record MicroResults(String preset, String description, boolean shortVariant, String startedAt, ExperimentResults.Environment environment,
                               ExecutorMicro.Settings settings, ExecutorMicro.Result result) {
    }

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private MicroReport() {
    }

    public static void write(Path directory, MicroResults results) {
        try {
            Files.createDirectories(directory);
            JSON.writeValue(directory.resolve("micro.json").toFile(), results);
            ReportTables.Table table = table(results.result());
            String intro = String.format(Locale.ROOT, "%s%n%nMachine: %d cores, %s; JDK %s. Started %s. Each scenario ran once unmeasured, then %d "
                            + "times%s; the table gives the median and min–max. One CPU task alone took %.0f ms.", results.description().strip(),
                    results.result().cores(), results.environment().os(), results.environment().jdk(), results.startedAt(),
                    results.settings().runs(), results.shortVariant() ? " (short variant)" : "", results.result().singleCpuTaskMs());
            intro += " " + ratios(results.result());
            Files.writeString(directory.resolve("summary.md"), "# " + results.preset() + "\n\n" + intro + "\n\n" + SummaryMarkdown.markdown(table));
            String html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + HtmlReport.esc(results.preset())
                    + " – vthreads-lab</title><style>" + Assets.css() + "</style></head><body><h1>" + HtmlReport.esc(results.preset()) + "</h1><p>"
                    + HtmlReport.esc(intro) + "</p>" + HtmlReport.table(table) + "</body></html>";
            Files.writeString(directory.resolve("index.html"), html);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Pool ÷ virtual for each kind of work, measured and published: the comparison that carries across machines. */
    public static String ratios(ExecutorMicro.Result result) {
        StringBuilder text = new StringBuilder("Pool ÷ virtual threads:");
        for (String kind : List.of("io", "cpu")) {
            ExecutorMicro.Scenario pool = find(result, kind + "-pool"), virtual = find(result, kind + "-virtual");
            if (pool == null || virtual == null) continue;
            text.append(String.format(Locale.ROOT, " %s %.2f×", kind.equals("io") ? "I/O" : "CPU", pool.medianMs() / virtual.medianMs()));
            if (pool.publishedMs() != null && virtual.publishedMs() != null) {
                text.append(String.format(Locale.ROOT, " (published %.2f×)", pool.publishedMs() / virtual.publishedMs()));
            }
            text.append(kind.equals("io") ? ";" : ".");
        }
        return text.toString();
    }

    private static ExecutorMicro.Scenario find(ExecutorMicro.Result result, String name) {
        return result.scenarios().stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
    }

    static ReportTables.Table table(ExecutorMicro.Result result) {
        List<List<String>> rows = new ArrayList<>();
        for (ExecutorMicro.Scenario s : result.scenarios()) {
            rows.add(List.of(s.name(), s.executor(), Integer.toString(s.tasks()),
                    ReportTables.num(s.medianMs(), 0) + " (" + ReportTables.num(s.minMs(), 0) + "–" + ReportTables.num(s.maxMs(), 0) + ")",
                    ReportTables.num(s.theoreticalMinMs(), 0) + " = " + s.theory(), String.format(Locale.ROOT, "%.2f×", s.overFloor()),
                    s.publishedMs() != null ? ReportTables.num(s.publishedMs(), 0) : "–"));
        }
        return new ReportTables.Table("Executor comparison", null,
                List.of("scenario", "executor", "tasks", "measured ms, median (min–max)", "theoretical minimum ms", "measured ÷ minimum",
                        "published ms"), rows);
    }
}
