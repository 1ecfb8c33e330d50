package lab.vthreads.lab;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A source file added to any folder under a module's src/ reaches the repository: .gitignore once ignored every
 * folder named results/, lab-cli's results package among them (since renamed measured), and a new class there
 * compiled here and not on a fresh clone.
 */
class IgnoredSourcesTest {

    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void noFolderUnderAModulesSourcesIsIgnored() throws Exception {
        assumeTrue(Files.isDirectory(HOME.resolve(".git")), "not a git checkout");
        List<String> probes;
        try (Stream<Path> modules = Files.list(HOME)) {
            probes = modules.filter(m -> Files.isDirectory(m.resolve("src"))).flatMap(m -> folders(m.resolve("src")))
                    .map(folder -> HOME.relativize(folder.resolve("Probe.java")).toString()).toList();
        }
        assertThat(probes).hasSizeGreaterThan(50);
        Process git = new ProcessBuilder("git", "-C", HOME.toString(), "check-ignore", "--no-index", "--stdin").redirectErrorStream(true).start();
        git.getOutputStream().write(String.join("\n", probes).concat("\n").getBytes(StandardCharsets.UTF_8));
        git.getOutputStream().close();
        String ignored = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(git.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(ignored).as("folders under src/ that .gitignore hides").isEmpty();
    }

    private static Stream<Path> folders(Path src) {
        try (Stream<Path> walk = Files.walk(src)) {
            return walk.filter(Files::isDirectory).toList().stream();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
