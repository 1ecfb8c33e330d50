package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.CodeSize;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.SystemUnderTest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The other half of the trade-off between the lab's implementations: what each costs to read, counted from the sources
 * the run was built from. Each serves the same contract from the same shared module (pessoa-contract: its types,
 * errors and test suite), so that module is counted once, on its own.
 */
final class ImplementationSizes {

    /**
     * pessoa-service's files that serve the lab's own switches and endpoints and have no counterpart in the other
     * implementations: the CPU-bound and I/O-bound endpoints, Hikari's version in /actuator/info, the legacy lock around the
     * CEP client (the pinning preset's cepLock) and the Retry-After estimate of the concurrency limit. Whole files only:
     * the switches woven into shared classes (the concurrency limit in DatabaseWork) stay counted as the contract's.
     */
    static final List<String> PESSOA_BEYOND_CONTRACT = List.of("lab/vthreads/pessoa/primes", "lab/vthreads/pessoa/iobound",
            "lab/vthreads/pessoa/observability", "lab/vthreads/pessoa/cep/LegacyConnectionLock.java",
            "lab/vthreads/pessoa/registration/RetryAfterEstimate.java");

    private ImplementationSizes() {
    }

    /** Each implementation's module and the contract's, where this checkout has them (none for a lab installed without its sources). */
    static List<CodeSize> of(Path home) {
        List<CodeSize> sizes = new ArrayList<>();
        for (String implementation : SystemUnderTest.labsOwnImplementations()) {
            add(sizes, home, implementation, implementation.equals(StackSettings.Component.PESSOA.label()) ? PESSOA_BEYOND_CONTRACT : List.of());
        }
        add(sizes, home, "pessoa-contract", List.of());
        return sizes;
    }

    private static void add(List<CodeSize> sizes, Path home, String module, List<String> beyond) {
        Path main = home.resolve(module).resolve("src/main/java");
        if (!Files.isDirectory(main)) return;
        int beyondLines = beyond.stream().mapToInt(b -> lines(main.resolve(b))).sum();
        sizes.add(new CodeSize(module, lines(main), lines(home.resolve(module).resolve("src/test/java")), beyondLines, beyond));
    }

    /** Lines of code in the Java files under {@code root} (a file or a folder; 0 where there is none). */
    static int lines(Path root) {
        if (!Files.exists(root)) return 0;
        try (Stream<Path> files = Files.walk(root)) {
            int total = 0;
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                total += (int) Files.readAllLines(file).stream().filter(ImplementationSizes::isCode).count();
            }
            return total;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Neither blank nor only a comment: a line that opens, continues or closes a comment and holds nothing else. */
    static boolean isCode(String line) {
        String text = line.strip();
        return !text.isEmpty() && !text.startsWith("//") && !text.startsWith("/*") && !text.startsWith("*");
    }
}
