package lab.vthreads.lab.measured;

import lab.vthreads.lab.fingerprint.Fingerprints;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.stack.SystemUnderTest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What makes two runs comparable as repeats of one another: the same machine and the same code. A verdict counts
 * earlier runs as its noise between runs only when both are equal (see the report's {@code BetweenRuns}).
 *
 * @param machine the cores, the CPU model, the memory, the kernel and how the lab partitioned the CPUs, as text
 * @param code    the lab's git commit (with a hash of the uncommitted changes, if any), then the system's own identity
 *                (for a user's application its jar and what the lab hands it) and the scenario file, by their content;
 *                null where it cannot be told (no git, or a stack the lab did not start), and then no earlier run counts
 *                as the same code
 */
public record RunIdentity(String machine, String code) {

    /** Whether {@code other} ran the same code on the same machine. */
    public boolean sameAs(RunIdentity other) {
        return other != null && code != null && machine.equals(other.machine) && code.equals(other.code);
    }

    /**
     * @param system   what the run measured: beyond the lab's commit, its own identity (a user's jar and set-up); a
     *                 stack the lab did not start has none, and so no code
     * @param scenario the scenario the load ran, by its content; null: the lab's own simulation, which the commit holds
     */
    public static RunIdentity of(Path home, SystemUnderTest system, Path scenario, Partition partition, int cores) {
        String identity = system.identity();
        String code = identity == null ? null : gitVersion(home);
        if (code != null && !identity.isEmpty()) code += " " + identity;
        if (code != null && scenario != null) code += " scenario " + Fingerprints.content(scenario);
        return new RunIdentity(machine(partition, cores), code);
    }

    public static String machine(Partition partition, int cores) {
        return String.format("%d cores, %s, %s, %s %s, partition %s", cores, procLine(Path.of("/proc/cpuinfo"), "model name"),
                procLine(Path.of("/proc/meminfo"), "MemTotal"), System.getProperty("os.name"), System.getProperty("os.version"),
                partition == null ? "none" : Fingerprints.hash(partition.toString(), 16));
    }

    /** HEAD's commit, and a hash of {@code git diff HEAD} where the tracked files differ from it; null without git. */
    private static String gitVersion(Path home) {
        String head = git(home, "rev-parse", "HEAD");
        if (head == null || head.isBlank()) return null;
        String changes = git(home, "diff", "HEAD");
        if (changes == null) return null;
        return head.strip() + (changes.isEmpty() ? "" : " with changes " + Fingerprints.hash(changes, 16));
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

    private static String procLine(Path file, String prefix) {
        try (Stream<String> lines = Files.lines(file)) {
            List<String> found = lines.filter(l -> l.startsWith(prefix)).limit(1).toList();
            return found.isEmpty() ? "?" : found.getFirst().replaceFirst("^[^:]*:\\s*", "");
        } catch (IOException e) {
            return "?";
        }
    }
}
