package lab.vthreads.lab.cli;

import lab.vthreads.infra.testsupport.ListenPorts;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./lab up} and {@code ./lab run} as a user runs them: a real process of the built lab, real signals sent to its
 * PID, real components killed under it. The lab works in a home of its own (links to this repository's builds), so
 * its runs/ folder and control socket never meet a developer's running lab.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class LabProcessIT {

    /**
     * The tests send real signals, so each lab starts with SIGINT's default disposition, as from a terminal. A build
     * run in the background by a non-interactive shell (or under nohup) has SIGINT ignored, its test JVM inherits that,
     * and so would the lab: a JVM that starts with SIGINT ignored installs no handler for it, and {@code kill -INT}
     * then does nothing (seen: ./lab up still running 90 s after it). GNU env can reset it; elsewhere, as inherited.
     */
    private static final List<String> SIGINT_AS_A_TERMINAL_GIVES_IT = defaultSigint();

    private static List<String> defaultSigint() {
        try {
            Process probe = new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0 ? List.of("env", "--default-signal=INT") : List.of();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }

    static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    static final List<String> LINKED = List.of("pessoa-service", "gateway-service", "gatling", "wiremock", "presets", "lab-cli", "db");

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path home;

    private final List<Process> labs = new ArrayList<>();

    @AfterEach
    void stopWhatIsLeft() throws IOException {
        labs.forEach(lab -> {
            lab.descendants().forEach(ProcessHandle::destroyForcibly);
            lab.destroyForcibly();
        });
        // pg_ctl daemonizes the postmaster (its parent is init), so a failed test's lab leaves it out of descendants().
        List<Path> pidFiles;
        try (Stream<Path> files = Files.walk(home)) {
            pidFiles = files.filter(f -> f.getFileName().toString().equals("postmaster.pid")).toList();
        } catch (UncheckedIOException vanished) {
            pidFiles = List.of();
        }
        for (Path pidFile : pidFiles) {
            try {
                // Only the postmaster of this data directory: a stale file's PID may belong to another process by now.
                String dataDirectory = pidFile.getParent().toString();
                ProcessHandle.of(Long.parseLong(Files.readAllLines(pidFile).getFirst().trim()))
                        .filter(p -> p.info().commandLine().orElse("").contains(dataDirectory))
                        .ifPresent(ProcessHandle::destroyForcibly);
            } catch (IOException | RuntimeException gone) {
                // removed while we looked, or half written: nothing left to stop
            }
        }
        // The links, not what they point at: the temporary home is deleted after the test.
        for (String entry : LINKED) {
            Files.deleteIfExists(home.resolve(entry));
        }
    }

    @Test
    void upReportsADeadComponentKeepsTheOthersRunningAndStartsItAgainOnCommand() throws Exception {
        linkRepository();
        int gateway = ListenPorts.next();
        Process up = lab("up", "--restart", "no", "--gateway-port", Integer.toString(gateway), "--gateway-management-port", port(),
                "--pessoa-port", port(), "--pessoa-management-port", port(), "--wiremock-port", port(), "--postgres-port", port());
        awaitOutput(up, "Ctrl-C stops everything.", Duration.ofMinutes(4));
        Http http = new Http("http://127.0.0.1:" + gateway, Duration.ofSeconds(60));
        assertThat(http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "ANTES", "01001000")).status()).isEqualTo(201);

        ProcessHandle.of(pidOf("pessoa-service")).orElseThrow().destroyForcibly();
        awaitOutput(up, "pessoa-service (PID", Duration.ofSeconds(30));

        assertThat(control("ps")).containsPattern("pessoa-service\\s+exited\\s+\\d+\\s+137").containsPattern("gateway-service\\s+running");
        Http.Reply withoutPessoa = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "SEM PESSOA", "01001000"));
        assertThat(withoutPessoa.status()).isIn(502, 503);
        assertThat(withoutPessoa.header("Content-Type")).isEqualTo("application/problem+json");

        assertThat(control("start pessoa-service")).contains("Started pessoa-service");
        assertThat(http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "DEPOIS", "01001000")).status()).isEqualTo(201);

        List<ProcessHandle> started = up.descendants().toList();
        long postmaster = postmasterPid();
        assertThat(control("down")).contains("Stopping the lab");
        assertThat(up.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(started).hasSizeGreaterThanOrEqualTo(4).noneMatch(ProcessHandle::isAlive);
        assertThat(ProcessHandle.of(postmaster)).isEmpty();
        assertThat(LabControl.socketOf(home)).doesNotExist();
    }

    @Test
    void upRestartsAComponentKilledByASignalAndStopsEverythingOnSigint() throws Exception {
        linkRepository();
        int gateway = ListenPorts.next();
        Process up = lab("up", "--restart", "on-failure", "--gateway-port", Integer.toString(gateway), "--gateway-management-port", port(),
                "--pessoa-port", port(), "--pessoa-management-port", port(), "--wiremock-port", port(), "--postgres-port", port());
        awaitOutput(up, "Ctrl-C stops everything.", Duration.ofMinutes(4));
        long killed = pidOf("pessoa-service");

        assertThat(control("kill KILL pessoa-service")).contains("Sent SIGKILL");
        // 90 s, not 30: once, on a machine busy with other work, neither the exit nor the restart was printed within 30 s
        // (cause not found; the same test passed before and after, alone and in a full verify).
        try {
            awaitOutput(up, "Restarting pessoa-service", Duration.ofSeconds(90));
        } catch (AssertionError notSeen) {
            // What the supervisor saw, for the next person who meets this (it failed once, cause not found).
            throw new AssertionError(notSeen.getMessage() + "\nps: " + control("ps") + "\nthe killed PID " + killed + " still alive: "
                    + ProcessHandle.of(killed).map(ProcessHandle::isAlive).orElse(false), notSeen);
        }
        awaitControl("ps", "pessoa-service\\s+running\\s+\\d+\\s+-\\s+1\\b", Duration.ofMinutes(3));

        assertThat(pidOf("pessoa-service")).isNotEqualTo(killed);
        assertThat(new Http("http://127.0.0.1:" + gateway, Duration.ofSeconds(60))
                .postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "REINICIADO", "01001000")).status()).isEqualTo(201);

        List<ProcessHandle> started = up.descendants().toList();
        long postmaster = postmasterPid();
        new ProcessBuilder("kill", "-INT", Long.toString(up.pid())).start().waitFor();
        assertThat(up.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(output(up)).contains("All components stopped.");
        assertThat(started).hasSizeGreaterThanOrEqualTo(4).noneMatch(ProcessHandle::isAlive);
        assertThat(ProcessHandle.of(postmaster)).isEmpty();
    }

    @Test
    void runStopsEveryComponentOnSigterm() throws Exception {
        linkRepository();
        // Platform threads: the calibration then runs first, on services of its own (a virtual cell's services would
        // host it after the cell), so that the stop comes while it calibrates.
        Path preset = home.resolve("one-cell.yaml");
        Files.writeString(preset, """
                name: one-cell
                description: One cell, stopped while it calibrates.
                simulation: CreatePessoaSimulation
                workload: closed
                users: [4]
                modes: [platform]
                rampUpSeconds: 1
                holdSeconds: 60
                rampDownSeconds: 0
                warmupSeconds: 0
                cepLatency: fixed:50
                repeat: 1
                """);
        Process run = lab("run", "--preset", preset.toString(), "--calibration-seconds", "60", "--results", home.resolve("results").toString(),
                "--gateway-port", port(), "--gateway-management-port", port(), "--pessoa-port", port(), "--pessoa-management-port", port(),
                "--wiremock-port", port(), "--postgres-port", port());
        awaitOutput(run, "Calibrating:", Duration.ofMinutes(4));
        awaitFile(run, home.resolve("results/calibration/warmup.log"), Duration.ofMinutes(3));
        // The log is opened for the load generator a moment before its JVM is forked: a snapshot taken in between
        // missed it (4 processes, once in CI), so wait for the fifth, the load generator, before stopping the lab.
        List<ProcessHandle> started = awaitDescendants(run, 5, Duration.ofSeconds(60));
        long postmaster = postmasterPid();

        run.destroy();  // SIGTERM
        assertThat(run.waitFor(120, TimeUnit.SECONDS)).isTrue();

        assertThat(output(run)).contains("All components stopped");
        assertThat(started).hasSizeGreaterThanOrEqualTo(5).noneMatch(ProcessHandle::isAlive);
        assertThat(ProcessHandle.of(postmaster)).isEmpty();
    }

    /** The lab's descendant processes once there are at least {@code count} of them. */
    private static List<ProcessHandle> awaitDescendants(Process lab, int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ProcessHandle> now = lab.descendants().toList();
        while (now.size() < count && System.nanoTime() < deadline) {
            assertThat(lab.isAlive()).as("the lab is still running").isTrue();
            Thread.sleep(100);
            now = lab.descendants().toList();
        }
        return now;
    }

    /** A home of the lab's own: what it reads comes from this repository, what it writes stays here. */
    private void linkRepository() throws IOException {
        for (String entry : LINKED) {
            Files.createSymbolicLink(home.resolve(entry), REPOSITORY.resolve(entry));
        }
    }

    private Process lab(String... args) throws IOException {
        List<String> command = new ArrayList<>(SIGINT_AS_A_TERMINAL_GIVES_IT);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dlab.home=" + home, "-jar", REPOSITORY.resolve("lab-cli/target/lab.jar").toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(home.resolve("lab-" + labs.size() + ".out").toFile()).start();
        labs.add(process);
        return process;
    }

    private String output(Process lab) throws IOException {
        return Files.readString(home.resolve("lab-" + labs.indexOf(lab) + ".out"));
    }

    private void awaitOutput(Process lab, String text, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!output(lab).contains(text)) {
            assertThat(lab.isAlive()).as("the lab is still running; it printed:\n" + output(lab)).isTrue();
            assertThat(System.nanoTime()).as("'" + text + "' within " + timeout + "; the lab printed:\n" + output(lab)).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    /** The load generator writes its log from its first moment: once it exists, Gatling runs. */
    private void awaitFile(Process lab, Path file, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Files.exists(file)) {
            assertThat(lab.isAlive()).as("the lab is still running while waiting for " + file + "; " + whatItWrote(lab, file.getParent())).isTrue();
            assertThat(System.nanoTime()).as(file + " within " + timeout + "; " + whatItWrote(lab, file.getParent())).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    /** The lab's output and the last lines of every log in {@code directory}: what CI shows of a failure is all there is to go on. */
    private String whatItWrote(Process lab, Path directory) throws IOException {
        StringBuilder text = new StringBuilder("the lab printed:\n").append(output(lab));
        if (Files.isDirectory(directory)) {
            try (Stream<Path> logs = Files.list(directory)) {
                for (Path log : logs.filter(f -> f.getFileName().toString().endsWith(".log")).sorted().toList()) {
                    List<String> lines = Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1);
                    text.append("\n--- last lines of ").append(log.getFileName()).append(" ---\n")
                            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
                }
            }
        }
        return text.toString();
    }

    private String control(String command) {
        StringWriter answer = new StringWriter();
        int status = LabControl.send(home, command, new PrintWriter(answer));
        assertThat(status).as("./lab " + command + " answered:\n" + answer).isZero();
        return answer.toString();
    }

    private void awaitControl(String command, String pattern, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String answer = control(command);
        while (!java.util.regex.Pattern.compile(pattern).matcher(answer).find()) {
            assertThat(System.nanoTime()).as("./lab " + command + " showing " + pattern + "; last answer:\n" + answer).isLessThan(deadline);
            Thread.sleep(500);
            answer = control(command);
        }
    }

    private long pidOf(String component) {
        String line = control("ps").lines().filter(l -> l.startsWith(component + " ")).findFirst().orElseThrow();
        return Long.parseLong(line.trim().split("\\s+")[2]);
    }

    private long postmasterPid() throws IOException {
        try (Stream<Path> files = Files.walk(home.resolve(home.resolve("runs").toFile().exists() ? "runs" : "results"))) {
            Path pidFile = files.filter(f -> f.getFileName().toString().equals("postmaster.pid")).findFirst().orElseThrow();
            return Long.parseLong(Files.readAllLines(pidFile).getFirst().trim());
        }
    }

    private static String port() {
        return Integer.toString(ListenPorts.next());
    }

}
