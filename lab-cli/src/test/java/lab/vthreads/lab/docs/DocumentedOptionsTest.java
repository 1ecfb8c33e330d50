package lab.vthreads.lab.docs;

import lab.vthreads.lab.LabMain;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.OptionSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every option of {@code ./lab run} is shown somewhere in the documentation. The other way round, that every
 * documented command parses, is {@link lab.vthreads.lab.cli.DocumentedCommandsTest}'s.
 */
class DocumentedOptionsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyOptionOfLabRunIsDocumented() {
        StringBuilder all = new StringBuilder();
        for (Path file : MarkdownDocs.files(ROOT)) MarkdownDocs.code(file).forEach(code -> all.append(code).append('\n'));
        String documented = all.toString();
        List<String> missing = new ArrayList<>();
        for (OptionSpec option : LabMain.commandLine().getSubcommands().get("run").getCommandSpec().options()) {
            if (option.usageHelp() || option.versionHelp()) continue;
            String name = option.longestName();
            if (!Pattern.compile(Pattern.quote(name) + "(?![a-z0-9-])").matcher(documented.replace("[no-]", "")).find()) missing.add(name);
        }
        assertThat(missing).as("./lab run options no README or docs page shows").isEmpty();
    }
}
