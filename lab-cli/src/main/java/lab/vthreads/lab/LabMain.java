package lab.vthreads.lab;

import lab.vthreads.lab.cli.CheckScenarioCommand;
import lab.vthreads.lab.cli.CompareCommand;
import lab.vthreads.lab.cli.FactorOptions;
import lab.vthreads.lab.cli.ControlCommands;
import lab.vthreads.lab.cli.MergeResultsCommand;
import lab.vthreads.lab.cli.ReportCommand;
import lab.vthreads.lab.cli.RunCommand;
import lab.vthreads.lab.cli.UpCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "lab", mixinStandardHelpOptions = true, version = "vthreads-lab 0.1.0",
        description = "Platform vs virtual threads in a realistic Spring Boot system.",
        subcommands = {RunCommand.class, UpCommand.class, ControlCommands.Ps.class, ControlCommands.Stop.class, ControlCommands.Start.class,
                ControlCommands.Restart.class, ControlCommands.Kill.class, ControlCommands.Down.class, ReportCommand.class,
                MergeResultsCommand.class, CheckScenarioCommand.class, CompareCommand.class,
                CommandLine.HelpCommand.class})
public final class LabMain {

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    public static CommandLine commandLine() {
        return FactorOptions.install(new CommandLine(new LabMain()))
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler((ex, cmd, parsed) -> {
                    cmd.getErr().println(cmd.getColorScheme().errorText("lab: " + ex.getMessage()));
                    return 1;
                });
    }
}
