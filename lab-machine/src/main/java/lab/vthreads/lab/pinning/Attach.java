package lab.vthreads.lab.pinning;

import com.sun.tools.attach.VirtualMachine;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A diagnostic command run in another JVM from the lab's own, through the JDK's attach API: what jcmd does, without
 * starting a JVM for each command. A virtual cell's thread dumps are taken while its window is measured, and a jcmd per
 * take spent about a quarter of a CPU-second on the load side's CPU, which no platform cell, taking none, paid.
 *
 * <p>The attach API's jcmd entry point ({@code HotSpotVirtualMachine.executeJCmd}) is public in a package jdk.attach
 * does not export: the lab's jar opens it in its manifest ({@code Add-Exports: jdk.attach/sun.tools.attach}), its
 * tests on their command line, and it is called by reflection because {@code --release} compiles against exported
 * packages only.
 */
final class Attach {

    static final String EXPORT = "jdk.attach/sun.tools.attach";

    private Attach() {
    }

    /** Runs {@code command} in JVM {@code pid} and fails, with the JVM's own words, unless it ends in time having written {@code file}. */
    static void writeFile(long pid, Path file, int timeoutSeconds, String command) throws IOException, InterruptedException {
        String said = answer(pid, timeoutSeconds, command);
        if (!Files.isRegularFile(file)) {
            throw new IOException("JVM " + pid + ": " + name(command) + " wrote no " + file + ": " + said.strip().replaceAll("\\s+", " "));
        }
    }

    /** Runs {@code command} in JVM {@code pid} and returns what it printed, or fails unless it ends in time. */
    static String answer(long pid, int timeoutSeconds, String command) throws IOException, InterruptedException {
        CompletableFuture<String> answer = new CompletableFuture<>();
        // A daemon thread of its own: the attach call waits in a native read that no interrupt ends. A command given up on
        // (its time out, its caller stopped) leaves that thread waiting for the JVM's answer, which ends it, as the JVM's end does.
        Thread.ofPlatform().daemon().name("attach-" + pid).start(() -> {
            try {
                answer.complete(execute(pid, command));
            } catch (Throwable t) {
                answer.completeExceptionally(t);
            }
        });
        try {
            return answer.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IOException("JVM " + pid + ": " + name(command) + " did not finish within " + timeoutSeconds + " s");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof InvocationTargetException invoked ? invoked.getCause() : e.getCause();
            throw new IOException("JVM " + pid + ": " + name(command) + " failed: " + cause, cause);
        }
    }

    private static String execute(long pid, String command) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        try {
            Method executeJCmd;
            try {
                executeJCmd = Class.forName("sun.tools.attach.HotSpotVirtualMachine").getMethod("executeJCmd", String.class);
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IOException("this JDK's attach API has no jcmd entry point: " + e, e);
            }
            try (InputStream in = (InputStream) executeJCmd.invoke(vm, command)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IllegalAccessException e) {
                throw new IOException("the lab's JVM runs without --add-exports " + EXPORT + "=ALL-UNNAMED (lab.jar's manifest carries it)", e);
            }
        } finally {
            vm.detach();
        }
    }

    private static String name(String command) {
        int space = command.indexOf(' ');
        return space < 0 ? command : command.substring(0, space);
    }
}
