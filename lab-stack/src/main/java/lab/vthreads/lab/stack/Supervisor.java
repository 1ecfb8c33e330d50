package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Watches a running stack the way compose watches its containers. A component that exits on its own is reported
 * (name, exit code, the end of its log) and the others keep running; under {@code on-failure} it is started again.
 * A component stopped on purpose (a command, a fault experiment) is neither reported nor restarted.
 */
public final class Supervisor implements AutoCloseable {

    public enum State { RUNNING, STOPPED, EXITED, STARTING }

    /** One component's line in {@code ./lab ps}. */
    public record Status(Component component, State state, long pid, Integer exitCode, int restarts, String address, String jdk) {
    }

    /** The signals {@code ./lab kill} may send, sent by PID with the system's kill(1). */
    public static final Set<String> SIGNALS = Set.of("TERM", "KILL", "INT", "STOP", "CONT");

    private final RunningStack stack;
    private final RestartPolicy policy;
    private final Consumer<String> events;
    private final Map<Component, State> states = new EnumMap<>(Component.class);
    private final Map<Component, Integer> exitCodes = new EnumMap<>(Component.class);
    private final Map<Component, Integer> restarts = new EnumMap<>(Component.class);
    // Restarts happen off the thread that noticed the exit, one at a time.
    private final ExecutorService restarter = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "lab-restart");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean closed;

    public Supervisor(RunningStack stack, RestartPolicy policy, Consumer<String> events) {
        this.stack = stack;
        this.policy = policy;
        this.events = events;
        stack.processes().forEach(this::watch);
    }

    private synchronized void watch(Component component, ManagedProcess process) {
        states.put(component, State.RUNNING);
        process.handle().onExit().thenRun(() -> exited(component, process));
    }

    private void exited(Component component, ManagedProcess process) {
        synchronized (this) {
            // Stopped on purpose, replaced by a newer start, or the whole lab is going down: nothing to report.
            if (closed || stack.processes().get(component) != process) return;
            int code = process.process().exitValue();
            states.put(component, State.EXITED);
            exitCodes.put(component, code);
            events.accept(component.label() + " (PID " + process.pid() + ") exited with code " + code + "; the other components keep running. "
                    + "Last lines of " + process.log() + ":\n  " + String.join("\n  ", process.lastLogLines(20)));
        }
        // What it left behind (PostgreSQL's detached postmaster) goes with it, by PID.
        process.stop();
        int code = exitCodes.get(component);
        int done = restarts.getOrDefault(component, 0);
        if (policy.restarts(code, done)) {
            restarts.put(component, done + 1);
            events.accept("Restarting " + component.label() + " (restart policy " + policy + ", restart " + (done + 1) + ")");
            restarter.submit(() -> {
                try {
                    start(component);
                } catch (RuntimeException e) {
                    events.accept(component.label() + " did not start again: " + e.getMessage());
                }
            });
        }
    }

    /** Stops one component by its PID; the others keep running. */
    public void stop(Component component) {
        synchronized (this) {
            states.put(component, State.STOPPED);
        }
        stack.stop(component);
    }

    /** Starts a stopped or exited component again, healthy before this returns. */
    public void start(Component component) {
        synchronized (this) {
            if (closed) throw new StartFailure("the lab is stopping");
            states.put(component, State.STARTING);
            exitCodes.remove(component);
        }
        try {
            stack.start(component);
        } catch (RuntimeException e) {
            synchronized (this) {
                states.put(component, State.EXITED);
            }
            throw e;
        }
        watch(component, stack.processes().get(component));
    }

    public void restart(Component component) {
        stop(component);
        start(component);
    }

    /** Sends a signal to the component's process, by its PID: what the component does next is its own (and reported). */
    public void kill(Component component, String signal) throws IOException, InterruptedException {
        if (!SIGNALS.contains(signal)) {
            throw new IllegalArgumentException("Unknown signal '" + signal + "': use one of " + SIGNALS);
        }
        ManagedProcess process = stack.processes().get(component);
        if (process == null || !process.isAlive()) {
            throw new IllegalStateException(component.label() + " is not running");
        }
        Process kill = new ProcessBuilder("kill", "-s", signal, Long.toString(process.pid())).redirectErrorStream(true).start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -s " + signal + " " + process.pid() + " failed: " + new String(kill.getInputStream().readAllBytes()).strip());
        }
    }

    public synchronized List<Status> status() {
        Map<Component, ManagedProcess> processes = stack.processes();
        Map<Component, String> addresses = new EnumMap<>(Component.class);
        stack.rows().forEach(row -> addresses.put(row.component(), row.address()));
        List<Status> all = new ArrayList<>();
        // The services run on the jdk factor's JDK, WireMock on the lab's; PostgreSQL is no JVM.
        String servicesJdk = stack.settings().jdk().version(), labsJdk = ServiceJdk.theLabs().version();
        for (Component component : Component.values()) {
            State state = states.get(component);
            if (state == null) continue;
            ManagedProcess process = processes.get(component);
            all.add(new Status(component, state, process != null ? process.pid() : -1, exitCodes.get(component),
                    restarts.getOrDefault(component, 0), addresses.getOrDefault(component, "-"),
                    component == Component.POSTGRES ? "-" : component == Component.WIREMOCK ? labsJdk : servicesJdk));
        }
        return all;
    }

    /** Stops watching: what exits from now on is the lab going down. */
    @Override
    public synchronized void close() {
        closed = true;
        restarter.shutdownNow();
    }
}
