package lab.vthreads.lab.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The repository's Markdown as a reader's browser sees it: its links, its headings' anchors, its code. */
final class MarkdownDocs {

    /** Folders that hold no documentation: build output, results, dependencies. */
    private static final Set<String> SKIPPED = Set.of("target", "results", "node_modules", ".git", ".mvn", "third-party");
    private static final Pattern LINK = Pattern.compile("(?<!!)\\[[^\\]]*]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

    private MarkdownDocs() {
    }

    /** A link as written, in the file and on the line where it is. */
    record Link(Path file, int line, String target) {
        @Override
        public String toString() {
            return file.getFileName() + ":" + line + " → " + target;
        }
    }

    static List<Path> files(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> root.relativize(p).toString().split("/").length == 1 || java.util.stream.StreamSupport
                            .stream(root.relativize(p).spliterator(), false).noneMatch(part -> SKIPPED.contains(part.toString())))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The prose of a file, line by line: fenced code blocks blanked and inline code removed, where links do not count. */
    static List<String> prose(Path file) {
        List<String> lines = new ArrayList<>();
        boolean fenced = false;
        for (String line : read(file)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                lines.add("");
            } else {
                lines.add(fenced ? "" : INLINE_CODE.matcher(line).replaceAll(""));
            }
        }
        return lines;
    }

    /** Every code span and fenced line of a file: where commands are written. */
    static List<String> code(Path file) {
        List<String> code = new ArrayList<>();
        boolean fenced = false;
        for (String line : read(file)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
            } else if (fenced) {
                code.add(line);
            } else {
                Matcher m = INLINE_CODE.matcher(line);
                while (m.find()) code.add(m.group().substring(1, m.group().length() - 1));
            }
        }
        return code;
    }

    static List<Link> links(Path file) {
        List<Link> links = new ArrayList<>();
        List<String> prose = prose(file);
        for (int i = 0; i < prose.size(); i++) {
            Matcher m = LINK.matcher(prose.get(i));
            while (m.find()) links.add(new Link(file, i + 1, m.group(1)));
        }
        return links;
    }

    /**
     * The anchors GitHub gives a file's headings: lower case, punctuation dropped but hyphens, spaces as hyphens, and
     * -1, -2 … after a repeated one.
     */
    static Set<String> anchors(Path file) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : read(file)) {
            if (line.stripLeading().startsWith("```")) fenced = !fenced;
            if (fenced || !line.startsWith("#")) continue;
            String text = line.replaceFirst("^#+\\s*", "").strip();
            String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\s_-]", "").replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum);
            anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
        }
        return anchors;
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
