package lab.vthreads.lab.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every relative link and #anchor in the repository's Markdown leads somewhere, as printed, on a fresh clone. */
class DocsLinksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyRelativeLinkAndAnchorResolves() {
        List<MarkdownDocs.Link> broken = new ArrayList<>();
        List<Path> files = MarkdownDocs.files(ROOT);
        for (Path file : files) {
            for (MarkdownDocs.Link link : MarkdownDocs.links(file)) {
                if (link.target().matches("^[a-z]+:.*")) continue; // https:, mailto: — not this repository's
                String[] parts = link.target().split("#", 2);
                Path target = parts[0].isEmpty() ? file : file.getParent().resolve(parts[0]).normalize();
                if (!target.startsWith(ROOT) || !Files.exists(target)) {
                    broken.add(link);
                } else if (parts.length == 2 && target.toString().endsWith(".md") && !MarkdownDocs.anchors(target).contains(parts[1])) {
                    broken.add(link);
                }
            }
        }
        assertThat(files).as("the Markdown files checked").anyMatch(f -> f.endsWith("README.md")).anyMatch(f -> f.startsWith(ROOT.resolve("docs")));
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    @Test
    void anchorsAreGithubs() {
        Path readme = ROOT.resolve("README.md");
        // the README's own contents line links these, as GitHub renders them
        assertThat(MarkdownDocs.anchors(readme)).contains("quick-start", "the-stack-by-hand-lab-up-and-gatling", "lab-run-options");
    }
}
