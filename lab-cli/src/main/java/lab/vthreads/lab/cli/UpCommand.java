package lab.vthreads.lab.cli;

import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.RestartPolicy;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.SystemUnderTest;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.Supervisor;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(name = "up", mixinStandardHelpOptions = true,
        description = {"Starts PostgreSQL, the WireMock CEP API, pessoa-service and gateway-service (or, with --app, your own Spring Boot jar) as separate processes,",
                "PostgreSQL and the CEP API each healthy before the next, then both services together; once every component is healthy it",
                "prints where they are (wait for that table, not for the gateway's health alone), and supervises them until Ctrl-C, SIGTERM or ./lab down:",
                "a component that exits is reported and the others keep running. ./lab ps, stop, start, restart and kill act on it."})
public final class UpCommand implements Callable<Integer> {

    @Mixin
    StackOptions options;

    @Mixin
    LabHome home;

    @Option(names = "--restart", defaultValue = "no", paramLabel = "POLICY",
            description = "when a component exits on its own: no (report it, leave it down) or on-failure[:N] (start it again after a "
                    + "non-zero exit, at most N times) (default: ${DEFAULT-VALUE})")
    String restart;

    @Override
    public Integer call() throws Exception {
        RestartPolicy policy;
        try {
            policy = RestartPolicy.parse(restart);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
        }
        Path root = home.root();
        Path runDirectory = home.newFolder("runs", "up");
        StackSettings settings;
        try {
            settings = options.toSettings(root, runDirectory);
        } catch (IllegalArgumentException e) {
            // Before anything starts or is written: a wrong jar, stubs or property is the user's to fix.
            System.err.println("lab up: " + e.getMessage());
            return 2;
        }
        Files.createDirectories(runDirectory);
        PrintStream out = System.out;
        out.println("Starting the lab (" + settings.system().announced(options.mode) + "); logs in " + root.relativize(runDirectory));

        RunningStack stack;
        try {
            stack = RunningStack.start(settings);
        } catch (StartFailure e) {
            System.err.println("lab up failed: " + e.getMessage());
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Supervisor supervisor = new Supervisor(stack, policy, event -> System.err.println("\n" + event));
        LabControl control;
        try {
            control = LabControl.listen(root, (words, answer) -> handle(supervisor, words, answer), () -> System.exit(0));
        } catch (java.io.IOException e) {
            supervisor.close();
            stack.close();
            System.err.println("lab up failed: " + e.getMessage());
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("\nStopping the lab...");
            supervisor.close();
            control.close();
            stack.close();
            System.out.println("All components stopped.");
            stopped.countDown();
        }, "lab-stop"));

        Table.print(out, stack.rows());
        String gateway = stack.settings().url(stack.settings().ports().gateway());
        SystemUnderTest system = stack.settings().system();
        out.println();
        system.byHand(gateway).forEach(out::println);
        out.println("Control:  ./lab ps | stop " + system.controlled() + " | start " + system.controlled() + " | restart " + system.controlled()
                + " | kill [-s SIGNAL] " + system.controlled() + " | down   (restart policy: " + policy + ")");
        out.println("Ctrl-C stops everything.");
        stopped.await();
        return 0;
    }

    /** One command from {@link LabControl}; false when the lab should go down. */
    private static boolean handle(Supervisor supervisor, List<String> words, PrintWriter answer) throws Exception {
        if (words.isEmpty()) throw new IllegalArgumentException("no command");
        List<String> names = words.subList(1, words.size());
        switch (words.getFirst()) {
            case "ps" -> LabControl.printStatus(supervisor.status(), answer);
            case "stop" -> each(names, c -> {
                supervisor.stop(c);
                answer.println("Stopped " + c.label());
            });
            case "start" -> each(names, c -> {
                supervisor.start(c);
                answer.println("Started " + c.label());
            });
            case "restart" -> each(names, c -> {
                supervisor.restart(c);
                answer.println("Restarted " + c.label());
            });
            case "kill" -> {
                if (names.size() != 2) throw new IllegalArgumentException("kill SIGNAL COMPONENT");
                supervisor.kill(LabControl.component(names.get(1)), names.get(0));
                answer.println("Sent SIG" + names.get(0) + " to " + names.get(1));
            }
            case "down" -> {
                answer.println("Stopping the lab");
                return false;
            }
            default -> throw new IllegalArgumentException("unknown command '" + words.getFirst() + "'");
        }
        return true;
    }

    private interface ComponentAction {
        void apply(Component component) throws Exception;
    }

    private static void each(List<String> names, ComponentAction action) throws Exception {
        if (names.isEmpty()) throw new IllegalArgumentException("name a component: postgres, wiremock, pessoa-service, gateway-service, app");
        for (String name : names) {
            action.apply(LabControl.component(name));
        }
    }
}
