package lab.vthreads.lab.cli;

import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.Stack;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

@Command(name = "up", mixinStandardHelpOptions = true,
        description = {"Starts PostgreSQL, the WireMock CEP API, pessoa-service and gateway-service as separate processes,",
                "each healthy before the next, prints where they are, and stops them all on Ctrl-C or SIGTERM."})
public final class UpCommand implements Callable<Integer> {

    @Mixin
    StackOptions options;

    @Mixin
    LabHome home;

    @Override
    public Integer call() throws Exception {
        Path root = home.root();
        Path runDirectory = home.newFolder("runs", "up");
        Files.createDirectories(runDirectory);
        PrintStream out = System.out;
        out.println("Starting the lab (" + options.mode.label() + " threads); logs in " + root.relativize(runDirectory));

        Stack stack;
        try {
            stack = Stack.start(options.toSettings(root, runDirectory));
        } catch (StartFailure e) {
            System.err.println("lab up failed: " + e.getMessage());
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicBoolean stopping = new AtomicBoolean();
        Thread stopper = new Thread(() -> {
            stopping.set(true);
            System.out.println("\nStopping the lab...");
            stack.close();
            System.out.println("All components stopped.");
            stopped.countDown();
        }, "lab-stop");
        Runtime.getRuntime().addShutdownHook(stopper);

        Table.print(out, stack.rows());
        out.println("\nLoad it:  ./mvnw -pl gatling gatling:test -Dgatling.simulationClass=lab.vthreads.gatling.CreatePessoaSimulation");
        out.println("Try it:   curl -i -H 'Content-Type: application/json' -d '{\"cpf\":\"89084980875\",\"nome\":\"FULANO\",\"enderecos\":[{\"cep\":\"22041012\"}]}' "
                + "http://127.0.0.1:" + options.gatewayPort + "/v1/pessoas");
        out.println("Ctrl-C stops everything.");

        // A component that dies while the lab is up takes the rest down with it: a half-running stack measures nothing.
        CompletableFuture<ManagedProcess> firstExit = CompletableFuture.anyOf(stack.processes().values().stream()
                        .map(p -> p.handle().onExit().thenApply(h -> p)).toArray(CompletableFuture[]::new))
                .thenApply(ManagedProcess.class::cast);
        firstExit.thenAccept(dead -> {
            if (!stopping.get()) {
                System.err.println("\n" + dead.name() + " (PID " + dead.pid() + ") exited unexpectedly. Last lines of " + dead.log() + ":\n  "
                        + String.join("\n  ", dead.lastLogLines(20)));
                System.exit(2);
            }
        });
        stopped.await();
        return 0;
    }
}
