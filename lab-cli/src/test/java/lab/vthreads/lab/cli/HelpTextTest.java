package lab.vthreads.lab.cli;

import lab.vthreads.lab.LabMain;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Picocli passes every description line through String.format: a bare "%" (as in "under 10% of") makes it print a
 * "[picocli WARN] Could not format" line above the help, once per rendering, and show the line unformatted.
 */
class HelpTextTest {

    @Test
    void everyCommandsHelpRendersWithoutWarnings() {
        String warnings = stderrOf(() -> {
            render(LabMain.commandLine());
            return null;
        });
        assertThat(warnings).isEmpty();
    }

    @Test
    void aBarePercentIsWarnedAbout() {
        @CommandLine.Command(name = "broken")
        class Broken {
            @CommandLine.Option(names = "--share", description = "under 10% of the last 10 s")
            int share;
        }
        String warnings = stderrOf(() -> new CommandLine(new Broken()).getUsageMessage());
        assertThat(warnings).contains("picocli WARN");
    }

    private static void render(CommandLine command) {
        command.getUsageMessage();
        command.getSubcommands().values().forEach(HelpTextTest::render);
    }

    private static String stderrOf(Supplier<?> action) {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.get();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
