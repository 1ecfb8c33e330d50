package lab.vthreads.lab.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The findings are one file per dated entry under docs/findings/, and its README is the way in: every entry is listed
 * there, so that one written and not listed is not lost to a reader, and each entry is titled as the list names it.
 */
class FindingsIndexTest {

    private static final Path FINDINGS = Path.of("..").toAbsolutePath().normalize().resolve("docs/findings");

    @Test
    void everyEntryIsListedInTheFindingsIndexUnderItsOwnTitle() throws IOException {
        Path index = FINDINGS.resolve("README.md");
        List<String> listed = MarkdownDocs.links(index).stream().map(MarkdownDocs.Link::target).filter(t -> !t.contains("/") && !t.contains("#")).toList();
        List<Path> entries;
        try (Stream<Path> files = Files.list(FINDINGS)) {
            entries = files.filter(f -> f.toString().endsWith(".md") && !f.getFileName().toString().equals("README.md")).sorted().toList();
        }
        assertThat(entries).as("dated entries under docs/findings/").hasSizeGreaterThan(1);
        String indexText = Files.readString(index);
        for (Path entry : entries) {
            String name = entry.getFileName().toString();
            assertThat(listed).as("docs/findings/README.md lists " + name).contains(name);
            String title = Files.readAllLines(entry).getFirst();
            assertThat(title).as(name + "'s first line").startsWith("# ");
            assertThat(indexText).as("the index names " + name + " by its title").contains("[" + title.substring(2) + "](" + name + ")");
        }
    }
}
