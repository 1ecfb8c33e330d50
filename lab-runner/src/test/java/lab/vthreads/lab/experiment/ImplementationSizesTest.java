package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.CodeSize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Lines of code, counted the same way in each implementation, and the blocking service's files set apart. */
class ImplementationSizesTest {

    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void countsNeitherBlankLinesNorLinesThatAreOnlyAComment(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("A.java"), """
                package a;

                /**
                 * Javadoc.
                 */
                final class A {
                    // a comment
                    /* another */
                    int x = 1; // after code
                }
                """);
        Files.writeString(root.resolve("notes.txt"), "not java\n");

        assertThat(ImplementationSizes.lines(root)).isEqualTo(4);
    }

    @Test
    void theBlockingServicesFilesForTheLabsOwnSwitchesExistAndAreSetApart() {
        Path main = HOME.resolve("pessoa-service/src/main/java");
        // A file moved or renamed would silently count as the contract's: each named one must still be there.
        ImplementationSizes.PESSOA_BEYOND_CONTRACT.forEach(path -> assertThat(main.resolve(path)).exists());

        List<CodeSize> sizes = ImplementationSizes.of(HOME);

        assertThat(sizes).extracting(CodeSize::module).containsExactly("pessoa-service", "pessoa-service-reactive", "pessoa-contract");
        CodeSize blocking = sizes.getFirst(), reactive = sizes.get(1);
        assertThat(blocking.beyondContract()).isPositive().isLessThan(blocking.mainLines());
        assertThat(blocking.contractLines()).isEqualTo(blocking.mainLines() - blocking.beyondContract());
        assertThat(reactive.beyondContract()).isZero();
        assertThat(sizes).allSatisfy(s -> assertThat(s.mainLines()).isPositive());
        assertThat(sizes).allSatisfy(s -> assertThat(s.testLines()).isPositive());
    }
}
