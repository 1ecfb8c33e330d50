package lab.vthreads.lab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The commands that act on a running {@code ./lab up}, in compose's vocabulary: ps, stop, start, restart, kill and
 * down. Each sends one line to it over {@link LabControl} and prints the answer.
 */
public final class ControlCommands {

    private ControlCommands() {
    }

    private abstract static class ControlCommand implements Callable<Integer> {
        @Mixin
        LabHome home;

        abstract String command();

        @Override
        public Integer call() {
            return LabControl.send(home.root(), command(), new PrintWriter(System.out, true));
        }
    }

    @Command(name = "ps", mixinStandardHelpOptions = true, description = "Lists the running lab's components: state, PID, exit code, restarts, address.")
    public static final class Ps extends ControlCommand {
        String command() {
            return "ps";
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true, description = "Stops components of the running lab by PID; the others keep running.")
    public static final class Stop extends ControlCommand {
        @Parameters(arity = "1..*", paramLabel = "COMPONENT", description = "postgres, wiremock, pessoa-service, gateway-service")
        List<String> components;

        String command() {
            return "stop " + String.join(" ", components);
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Starts stopped or exited components again (PostgreSQL keeps its data).")
    public static final class Start extends ControlCommand {
        @Parameters(arity = "1..*", paramLabel = "COMPONENT")
        List<String> components;

        String command() {
            return "start " + String.join(" ", components);
        }
    }

    @Command(name = "restart", mixinStandardHelpOptions = true, description = "Stops and starts components of the running lab.")
    public static final class Restart extends ControlCommand {
        @Parameters(arity = "1..*", paramLabel = "COMPONENT")
        List<String> components;

        String command() {
            return "restart " + String.join(" ", components);
        }
    }

    @Command(name = "kill", mixinStandardHelpOptions = true,
            description = "Sends a signal to a component's process by its PID; the supervisor reports the exit and applies --restart.")
    public static final class Kill extends ControlCommand {
        @Option(names = {"-s", "--signal"}, defaultValue = "KILL", description = "TERM, KILL, INT, STOP or CONT (default: ${DEFAULT-VALUE})")
        String signal;

        @Parameters(arity = "1", paramLabel = "COMPONENT")
        String component;

        String command() {
            return "kill " + signal + " " + component;
        }
    }

    @Command(name = "down", mixinStandardHelpOptions = true, description = "Stops the running lab: every component, by PID, and ./lab up itself.")
    public static final class Down extends ControlCommand {
        String command() {
            return "down";
        }
    }
}
