package lab.vthreads.lab.pinning;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The lab's own JVM runs a diagnostic command in another one, a real JVM started for the test, as jcmd would. */
class AttachTest {

    private Process jvm;

    @BeforeEach
    void startAJvmWithVirtualThreads() throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        jvm = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), ParkedVirtualThreads.class.getName())
                .redirectErrorStream(true).start();
        // Attached to before its main runs, a JVM may not answer yet: wait for its word.
        BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).isEqualTo("ready");
    }

    @AfterEach
    void stopIt() throws InterruptedException {
        jvm.destroyForcibly();
        jvm.waitFor();
    }

    @Test
    void aThreadDumpTakenFromTheLabsJvmListsTheOthersVirtualThreads(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("threads.json");

        ThreadDumps.take(jvm.pid(), file);

        ThreadDumpSummary summary = ThreadDumps.summarise("sleeper", 1, 1, file, "threads.json");
        assertThat(summary.virtualThreads()).isGreaterThanOrEqualTo(ParkedVirtualThreads.COUNT);
        assertThat(summary.waitingAt()).extracting(ThreadDumpSummary.Waiting::frame).first().asString().contains("ParkedVirtualThreads.waitLong");
        // Taken again over the same file: what a window's busiest second does each time a busier one comes.
        ThreadDumps.take(jvm.pid(), file);
        assertThat(ThreadDumps.summarise("sleeper", 2, 1, file, "threads.json").virtualThreads()).isGreaterThanOrEqualTo(ParkedVirtualThreads.COUNT);
    }

    @Test
    void aCommandTheJvmRefusesFailsWithItsWords(@TempDir Path dir) {
        assertThatThrownBy(() -> Attach.writeFile(jvm.pid(), dir.resolve("none.json"), 30, "Thread.no_such_command " + dir.resolve("none.json")))
                .isInstanceOf(IOException.class).hasMessageContaining("JVM " + jvm.pid() + ": Thread.no_such_command")
                .hasMessageContaining("Thread.no_such_command");
    }

    @Test
    void noJvmThereIsAClearError(@TempDir Path dir) throws Exception {
        jvm.destroyForcibly();
        jvm.waitFor();

        assertThatThrownBy(() -> ThreadDumps.take(jvm.pid(), dir.resolve("threads.json"))).isInstanceOf(IOException.class)
                .hasMessageContaining("JVM " + jvm.pid());
    }

    @Test
    void aJvmThatDoesNotAnswerInTimeIsGivenUpOnAndSaidSo(@TempDir Path dir) throws Exception {
        // A stopped JVM answers no attach: the wait ends at its time out, not with the JVM.
        Runtime.getRuntime().exec(new String[] {"kill", "-STOP", Long.toString(jvm.pid())}).waitFor();
        try {
            assertThatThrownBy(() -> Attach.writeFile(jvm.pid(), dir.resolve("threads.json"), 1, "Thread.dump_to_file " + dir.resolve("threads.json")))
                    .isInstanceOf(IOException.class).hasMessage("JVM " + jvm.pid() + ": Thread.dump_to_file did not finish within 1 s");
        } finally {
            Runtime.getRuntime().exec(new String[] {"kill", "-CONT", Long.toString(jvm.pid())}).waitFor();
        }
    }

    @Test
    void aCallerStoppedWhileTheJvmAnswersReturnsAtOnce(@TempDir Path dir) throws Exception {
        // What a prewarm stage at its cap does to the dumps still under way: the caller's wait ends with its interrupt.
        Runtime.getRuntime().exec(new String[] {"kill", "-STOP", Long.toString(jvm.pid())}).waitFor();
        java.util.concurrent.atomic.AtomicReference<Throwable> ended = new java.util.concurrent.atomic.AtomicReference<>();
        try {
            Thread caller = Thread.ofPlatform().start(() -> {
                try {
                    ThreadDumps.take(jvm.pid(), dir.resolve("threads.json"));
                } catch (Throwable t) {
                    ended.set(t);
                }
            });
            Thread.sleep(300);
            caller.interrupt();
            caller.join(java.time.Duration.ofSeconds(10));
            assertThat(caller.isAlive()).as("the caller still waiting").isFalse();
            assertThat(ended.get()).isInstanceOf(InterruptedException.class);
        } finally {
            Runtime.getRuntime().exec(new String[] {"kill", "-CONT", Long.toString(jvm.pid())}).waitFor();
        }
    }

    /** A JVM whose virtual threads wait where a dump can find them. */
    public static final class ParkedVirtualThreads {
        static final int COUNT = 20;

        public static void main(String[] args) throws InterruptedException {
            List<Thread> threads = new java.util.ArrayList<>();
            for (int i = 0; i < COUNT; i++) threads.add(Thread.ofVirtual().start(ParkedVirtualThreads::waitLong));
            System.out.println("ready");
            System.out.flush();
            for (Thread t : threads) t.join();
        }

        static void waitLong() {
            try {
                Thread.sleep(600_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
