package lab.vthreads.lab.docs;

import lab.vthreads.lab.LabMain;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The `./lab` options the documentation shows are the CLI's, and every option of `./lab run` is documented somewhere. */
class DocumentedOptionsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern COMMAND = Pattern.compile("\\./lab\\s+([a-z-]+)((?:\\s+[^|;&#]*)?)");
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--(?:\\[no-])?[a-z][a-z0-9-]*");

    @Test
    void everyOptionWrittenAfterALabCommandIsOneThatCommandHas() {
        Map<String, CommandLine> commands = LabMain.commandLine().getSubcommands();
        List<String> unknown = new ArrayList<>();
        int checked = 0;
        for (Path file : MarkdownDocs.files(ROOT)) {
            for (String code : MarkdownDocs.code(file)) {
                Matcher command = COMMAND.matcher(code);
                while (command.find()) {
                    CommandLine sub = commands.get(command.group(1));
                    if (sub == null) {
                        // `./lab --help` and the like: the top command's own options
                        if (!command.group(1).isEmpty() && !code.contains("./lab --")) unknown.add(file.getFileName() + ": ./lab " + command.group(1));
                        continue;
                    }
                    Set<String> names = names(sub);
                    Matcher option = OPTION.matcher(command.group(2));
                    while (option.find()) {
                        checked++;
                        String name = option.group().replace("[no-]", "");
                        if (!names.contains(name)) unknown.add(file.getFileName() + ": ./lab " + command.group(1) + " " + option.group());
                    }
                }
            }
        }
        assertThat(checked).as("options found in the docs' commands").isGreaterThan(20);
        assertThat(unknown).as("commands and options the CLI does not have").isEmpty();
    }

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

    /** Each name the command accepts, the negated form of a negatable option too. */
    private static Set<String> names(CommandLine command) {
        Set<String> names = new HashSet<>();
        for (OptionSpec option : command.getCommandSpec().options()) {
            for (String name : option.names()) {
                names.add(name);
                if (option.negatable()) names.add(command.getNegatableOptionTransformer().makeNegative(name, command.getCommandSpec()));
            }
        }
        return names;
    }
}
