package lab.vthreads.lab.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every table and section the report can render has its entry in docs/reading-the-report.md: a table added to the
 * report without one fails here. The titles are read from the report's sources, where each is written once, so
 * tables that only some presets show (faults, pool) are covered without running those presets.
 */
class ReportTablesDocumentedTest {

    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    private static final Path SOURCES = HOME.resolve("lab-results/src/main/java/lab/vthreads/lab/report");

    /** A table's title, as the first argument of its constructor, or a section heading of the HTML or Markdown report. */
    private static final Pattern TITLE = Pattern.compile("Table\\(\\s*\"([^\"]+)\"|<h2>([^<\"]+)</h2>|\"## ([^\"\\\\]+)\\\\n");

    @Test
    void everyReportTitleHasASectionInReadingTheReport() throws IOException {
        List<String> titles = reportTitles();
        assertThat(titles).contains("Results per cell", "Capacity model: predicted against measured", "Verdict", "Throughput and latency against users");
        List<String> headings = Files.readAllLines(HOME.resolve("docs/reading-the-report.md")).stream()
                .filter(l -> l.startsWith("## ")).map(l -> l.substring(3)).toList();
        for (String title : titles) {
            assertThat(headings).as("a '## " + title + "…' section in docs/reading-the-report.md").anyMatch(h -> h.startsWith(title));
        }
    }

    @Test
    void aTitleWithAComputedEndIsMatchedByItsFixedStart() {
        assertThat(stem("CPU partition (")).isEqualTo("CPU partition");
        assertThat(stem("Timeline: ")).isEqualTo("Timeline");
    }

    static List<String> reportTitles() throws IOException {
        List<String> titles = new ArrayList<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                Matcher m = TITLE.matcher(Files.readString(file));
                while (m.find()) {
                    String raw = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
                    titles.add(stem(raw));
                }
            }
        }
        return titles.stream().distinct().toList();
    }

    /** The fixed start of a title whose end is computed ("CPU partition (" + mode + ")"). */
    static String stem(String title) {
        return title.replaceAll("[\\s(:,]+$", "");
    }
}
