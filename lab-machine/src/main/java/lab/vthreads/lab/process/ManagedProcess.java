package lab.vthreads.lab.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One component of the stack as an OS process of its own, with its output in a log file. It is stopped by its PID
 * (never by name): SIGTERM first so it can stop its own children (PostgreSQL's server processes), then SIGKILL to it
 * and every descendant still alive.
 */
public final class ManagedProcess {

    // Longer than the services' 30 s graceful shutdown phase (spring.lifecycle.timeout-per-shutdown-phase), so a request
    // in flight finishes before SIGKILL; the rest of the stack exits within seconds of SIGTERM.
    public static final long GRACE_SECONDS = 40;

    private final String name;
    private final Process process;
    private final Path log;
    private final long logStart;
    private final List<ProcessHandle> adopted = new java.util.concurrent.CopyOnWriteArrayList<>();

    private ManagedProcess(String name, Process process, Path log, long logStart) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.logStart = logStart;
    }

    /** Starts the command with its output appended to {@code log}: a component started again keeps its earlier lines. */
    public static ManagedProcess start(String name, List<String> command, Map<String, String> environment, Path log) {
        return start(name, command, environment, log, null);
    }

    /**
     * The same, in a working directory of its own ({@code null}: the lab's): where whatever the process writes under a
     * relative path goes (an SQLite or H2 file database, uploads, its own log files).
     */
    public static ManagedProcess start(String name, List<String> command, Map<String, String> environment, Path log, Path workingDirectory) {
        try {
            Files.createDirectories(log.getParent());
            if (workingDirectory != null) Files.createDirectories(workingDirectory);
            long logStart = Files.exists(log) ? Files.size(log) : 0;
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(workingDirectory == null ? null : workingDirectory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.PIPE);
            builder.environment().putAll(environment);
            return new ManagedProcess(name, builder.start(), log, logStart);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name + ": " + e.getMessage(), e);
        }
    }

    /** What this start of the process wrote to its log so far (not what an earlier start wrote). */
    public String logSinceStart() throws IOException {
        byte[] all = Files.readAllBytes(log);
        return new String(all, (int) Math.min(logStart, all.length), (int) Math.max(0, all.length - logStart), java.nio.charset.StandardCharsets.UTF_8);
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public ProcessHandle handle() {
        return process.toHandle();
    }

    /**
     * A process this one started but detached (a daemon, such as the postmaster that pg_ctl starts): it is not a
     * descendant, so it is tracked by PID and ended with this one if the graceful stop left it running.
     */
    public void adopt(ProcessHandle detached) {
        adopted.add(detached);
    }

    /** This process, its descendants and what it adopted: everything that stop() ends. */
    public List<ProcessHandle> handles() {
        List<ProcessHandle> all = new java.util.ArrayList<>();
        all.add(process.toHandle());
        all.addAll(process.descendants().toList());
        adopted.forEach(daemon -> {
            all.add(daemon);
            all.addAll(daemon.descendants().toList());
        });
        return all;
    }

    public Path log() {
        return log;
    }

    public Process process() {
        return process;
    }

    public List<String> lastLogLines(int count) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.subList(Math.max(0, lines.size() - count), lines.size());
        } catch (IOException e) {
            return List.of("(could not read " + log + ": " + e.getMessage() + ")");
        }
    }

    /** Stops the process and waits for it and its descendants; safe to call more than once. */
    public void stop() {
        stop(GRACE_SECONDS);
    }

    /**
     * The same, with {@code graceSeconds} between SIGTERM and SIGKILL: for a JVM whose exit has work to do (one
     * writing an AOT cache assembles it in a child JVM of its own before it exits).
     */
    public void stop(long graceSeconds) {
        List<ProcessHandle> descendants = handles();
        descendants.remove(process.toHandle());
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(graceSeconds, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(GRACE_SECONDS, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        // Children and adopted daemons can outlive a killed parent: end each one by its PID too.
        for (ProcessHandle child : descendants) {
            if (child.isAlive()) {
                child.destroyForcibly();
                child.onExit().orTimeout(GRACE_SECONDS, TimeUnit.SECONDS).exceptionally(e -> child).join();
            }
        }
    }
}
