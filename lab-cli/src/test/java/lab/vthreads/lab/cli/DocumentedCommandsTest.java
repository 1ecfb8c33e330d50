package lab.vthreads.lab.cli;

import lab.vthreads.lab.LabMain;
import lab.vthreads.lab.plan.Preset;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every {@code ./lab …} command the documentation prints must still be one the CLI accepts: an option renamed in the
 * code and not in the docs would otherwise fail only for the reader who copies it. Parsed as {@code --help} would
 * be (picocli's parser, nothing run).
 */
class DocumentedCommandsTest {

    /** The repository root: the tests run in lab-cli/. */
    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    private static final Pattern INLINE = Pattern.compile("`(\\./lab [^`]+)`");

    @Test
    void everyLabCommandInTheDocsParses() throws IOException {
        List<DocumentedCommand> commands = documentedCommands();
        // The README alone prints more than a dozen; far fewer means the extraction broke, not that the docs shrank.
        assertThat(commands).hasSizeGreaterThan(20);
        for (DocumentedCommand command : commands) {
            assertThatCode(() -> parseAsHelp(command.arguments()))
                    .as("%s:%d: %s", HOME.relativize(command.file()), command.line(), command.text())
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void aRenamedOptionIsCaught() {
        assertThatThrownBy(() -> parseAsHelp(arguments("./lab run --prewarm-seconds 150")))
                .isInstanceOf(CommandLine.ParameterException.class);
    }

    /**
     * {@code -pl gatling} builds the gatling module alone, and on a fresh clone nothing has installed the lab's own
     * modules it depends on: "Could not find artifact lab.vthreads:lab-infra". From the root the reactor has them.
     */
    @Test
    void noGatlingCommandIsPrintedWithTheModuleAlone() throws IOException {
        List<Path> places = new ArrayList<>(markdownFiles());
        places.add(HOME.resolve("lab-cli/src/main/java/lab/vthreads/lab/cli/UpCommand.java"));
        for (Path place : places) {
            assertThat(Files.readString(place)).as(HOME.relativize(place).toString()).doesNotContain("-pl gatling gatling:test");
        }
    }

    @Test
    void theWorkedPresetExampleLoads() throws IOException {
        String presets = Files.readString(HOME.resolve("docs/presets.md"));
        Matcher yaml = Pattern.compile("```yaml\\n(name: my-slow-cep\\n.*?)```", Pattern.DOTALL).matcher(presets);
        assertThat(yaml.find()).as("the worked example in docs/presets.md").isTrue();
        Preset preset = Preset.parse(yaml.group(1));
        assertThat(preset.users()).containsExactly(20, 100);
        assertThat(preset.prewarmSeconds()).isEqualTo(150);
    }

    @Test
    void commentsAndQuotesAreSplitAsAShellWould() {
        assertThat(arguments("./lab kill -s KILL pessoa-service # a signal")).containsExactly("kill", "-s", "KILL", "pessoa-service");
        assertThat(arguments("./lab run --cep-latency 'fixed:1000'")).containsExactly("run", "--cep-latency", "fixed:1000");
    }

    @Test
    void aCommandNamedInProseParsesWithoutItsRequiredOptions() {
        assertThatCode(() -> parseAsHelp(arguments("./lab merge-results"))).doesNotThrowAnyException();
    }

    /**
     * Parsed as picocli parses before {@code --help} is acted on: unknown options and values that don't convert
     * fail, but a command named in prose without its required options ({@code ./lab merge-results}) does not.
     */
    private static void parseAsHelp(List<String> arguments) {
        try {
            LabMain.commandLine().parseArgs(arguments.toArray(String[]::new));
        } catch (CommandLine.MissingParameterException namedWithoutItsRequiredOptions) {
            // accepted: every word it was given parsed
        }
    }

    record DocumentedCommand(Path file, int line, String text, List<String> arguments) {
    }

    static List<DocumentedCommand> documentedCommands() throws IOException {
        List<DocumentedCommand> commands = new ArrayList<>();
        for (Path file : markdownFiles()) {
            List<String> lines = Files.readAllLines(file);
            boolean inShellBlock = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("```")) {
                    inShellBlock = !inShellBlock && (line.equals("```bash") || line.equals("```sh") || line.equals("```"));
                    continue;
                }
                if (inShellBlock) {
                    if (line.startsWith("./lab ")) commands.add(new DocumentedCommand(file, i + 1, line, arguments(line)));
                    continue;
                }
                Matcher inline = INLINE.matcher(line);
                while (inline.find()) {
                    commands.add(new DocumentedCommand(file, i + 1, inline.group(1), arguments(inline.group(1))));
                }
            }
        }
        return commands;
    }

    /** The README, docs/ and each module's README; not build output. */
    private static List<Path> markdownFiles() throws IOException {
        try (Stream<Path> files = Files.walk(HOME, 2)) {
            return files.filter(f -> f.toString().endsWith(".md") && !f.toString().contains("/target/") && !f.toString().contains("/results/")
                    && !f.toString().contains("/runs/") && !f.toString().contains("/node_modules/")).sorted().toList();
        }
    }

    /** The words after {@code ./lab}, split as a shell would for these simple lines: quotes kept together, a comment dropped. */
    static List<String> arguments(String command) {
        List<String> words = new ArrayList<>();
        Matcher word = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)").matcher(command);
        while (word.find()) {
            if (word.group(3) != null && word.group(3).startsWith("#")) break;
            words.add(word.group(1) != null ? word.group(1) : word.group(2) != null ? word.group(2) : word.group(3));
        }
        return words.subList(1, words.size());
    }
}
