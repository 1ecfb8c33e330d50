package lab.vthreads.lab.aot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class AotCacheTest {

    @Test
    void aCacheTheJvmRefusedIsReadFromItsLog(@TempDir Path dir) throws Exception {
        // What a JVM with the JFR recording printed for a cache dumped without it.
        Path refused = Files.writeString(dir.resolve("refused.log"), """
                [0.077s][error][aot] An error has occurred while processing the AOT cache. Run with -Xlog:aot for details.
                [0.077s][error][aot] Mismatched values for property jdk.module.addmods: jdk.jfr specified during runtime but not during dump time
                  .   ____          _            __ _ _
                """);
        Path taken = Files.writeString(dir.resolve("taken.log"), "  .   ____          _            __ _ _\nStarted PessoaServiceApplication in 1.2 seconds\n");

        assertThat(AotCache.refusedIn(refused)).isEqualTo("Mismatched values for property jdk.module.addmods: jdk.jfr specified during runtime but not during dump time");
        assertThat(AotCache.refusedIn(taken)).isNull();
        assertThat(AotCache.refusedIn(dir.resolve("missing.log"))).isNull();
    }
}
