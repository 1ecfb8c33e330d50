package lab.vthreads.lab.pinning;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

class CarriersTest {

    @Test
    void readsTheSchedulersParallelismFromItsOwnWords() {
        // JDK 25's answer to jcmd PID Thread.vthread_scheduler, from a JVM run with -XX:ActiveProcessorCount=3.
        String answer = "14149:\njava.util.concurrent.ForkJoinPool@3b750a2e[Running, parallelism = 3, size = 0, active = 0, running = 0, steals = 0, "
                + "tasks = 0, submissions = 0]\n";

        assertThat(Carriers.parallelism(answer)).isEqualTo(OptionalInt.of(3));
    }

    @Test
    void anAnswerWithoutAParallelismSaysNothing() {
        assertThat(Carriers.parallelism("14149:\nUnknown diagnostic command\n")).isEmpty();
    }

    @Test
    void asksARunningJvm(@TempDir Path dir) throws Exception {
        // A JVM told it has 3 CPUs: its scheduler's parallelism follows them, whatever this machine has.
        Path program = Files.writeString(dir.resolve("Waits.java"), """
                public class Waits {
                    public static void main(String[] args) throws Exception {
                        Thread.ofVirtual().start(() -> { }).join();
                        System.out.println("ready");
                        Thread.sleep(60_000);
                    }
                }
                """);
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process jvm = new ProcessBuilder(java, "-XX:ActiveProcessorCount=3", program.toString()).redirectErrorStream(true).start();
        try {
            try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(jvm.getInputStream()))) {
                assertThat(out.readLine()).isEqualTo("ready");
                assertThat(Carriers.of(jvm.pid())).isEqualTo(OptionalInt.of(3));
            }
        } finally {
            jvm.destroyForcibly().waitFor();
        }
    }
}
