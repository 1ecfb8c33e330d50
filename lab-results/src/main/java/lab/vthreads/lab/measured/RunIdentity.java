package lab.vthreads.lab.measured;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.isolation.Partition;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What makes two runs comparable as repeats of one another: the same machine and the same code. A verdict counts
 * earlier runs as its noise between runs only when both are equal (see the report's {@code BetweenRuns}).
 *
 * @param machine the cores, the CPU model, the memory, the kernel and how the lab partitioned the CPUs, as text
 * @param code    the lab's git commit (with a hash of the uncommitted changes, if any), and for a user's application
 *                the hash of its jar, of its scenario file and of what the lab hands it (database, properties, stubs);
 *                null where it cannot be told (no git, or a stack the lab did not start), and then no earlier run counts
 *                as the same code
 */
public record RunIdentity(String machine, String code) {

    /** Whether {@code other} ran the same code on the same machine. */
    public boolean sameAs(RunIdentity other) {
        return other != null && code != null && machine.equals(other.machine) && code.equals(other.code);
    }

    public static RunIdentity of(Path home, Application application, Path scenario, Partition partition, int cores) {
        String code = gitVersion(home);
        if (code != null && application != null) {
            code += " app " + contentHash(application.jar().path()) + (scenario != null ? " scenario " + contentHash(scenario) : "")
                    + " settings " + settingsHash(application);
        }
        return new RunIdentity(machine(partition, cores), code);
    }

    /** A stack the lab did not start: its code is not the lab's to tell. */
    public static RunIdentity external(Partition partition, int cores) {
        return new RunIdentity(machine(partition, cores), null);
    }

    public static String machine(Partition partition, int cores) {
        return String.format("%d cores, %s, %s, %s %s, partition %s", cores, procLine(Path.of("/proc/cpuinfo"), "model name"),
                procLine(Path.of("/proc/meminfo"), "MemTotal"), System.getProperty("os.name"), System.getProperty("os.version"),
                partition == null ? "none" : hash(partition.toString().getBytes(StandardCharsets.UTF_8)));
    }

    /** HEAD's commit, and a hash of {@code git diff HEAD} where the tracked files differ from it; null without git. */
    private static String gitVersion(Path home) {
        String head = git(home, "rev-parse", "HEAD");
        if (head == null || head.isBlank()) return null;
        String changes = git(home, "diff", "HEAD");
        if (changes == null) return null;
        return head.strip() + (changes.isEmpty() ? "" : " with changes " + hash(changes.getBytes(StandardCharsets.UTF_8)));
    }

    private static String git(Path home, String... arguments) {
        try {
            Process git = new ProcessBuilder(Stream.concat(Stream.of("git", "-C", home.toString()), Stream.of(arguments)).toList())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!git.waitFor(30, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return null;
            }
            return git.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * What the lab hands the application besides its jar: its database, properties, environment and stubs. The same jar
     * on H2 and on PostgreSQL, or behind other stubs, is another set-up, not a repeat.
     */
    static String settingsHash(Application application) {
        StringBuilder text = new StringBuilder("database ").append(application.labDatabase() ? "lab" : "own");
        new java.util.TreeMap<>(application.properties()).forEach((k, v) -> text.append("\nproperty ").append(k).append('=').append(v));
        new java.util.TreeMap<>(application.environment()).forEach((k, v) -> text.append("\nenv ").append(k).append('=').append(v));
        text.append("\nhealth ").append(application.healthPath()).append("\nstub url ").append(application.stubUrlProperty());
        if (application.stubs() != null) {
            try (Stream<Path> files = Files.walk(application.stubs())) {
                files.filter(Files::isRegularFile).sorted().forEach(f -> text.append("\nstub ").append(application.stubs().relativize(f))
                        .append(' ').append(contentHash(f)));
            } catch (IOException e) {
                text.append("\nstubs unreadable");
            }
        }
        return hash(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String contentHash(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = sha256();
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) digest.update(buffer, 0, n);
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (IOException e) {
            return "unreadable";
        }
    }

    private static String hash(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes)).substring(0, 16);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String procLine(Path file, String prefix) {
        try (Stream<String> lines = Files.lines(file)) {
            List<String> found = lines.filter(l -> l.startsWith(prefix)).limit(1).toList();
            return found.isEmpty() ? "?" : found.getFirst().replaceFirst("^[^:]*:\\s*", "");
        } catch (IOException e) {
            return "?";
        }
    }
}
