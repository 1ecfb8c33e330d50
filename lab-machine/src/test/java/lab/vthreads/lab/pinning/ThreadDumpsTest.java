package lab.vthreads.lab.pinning;

import com.sun.management.HotSpotDiagnosticMXBean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/** Thread dumps of this JVM, taken as the lab takes a service's (the JSON format), and one JDK 21 wrote, summarised. */
class ThreadDumpsTest {

    static final CountDownLatch RELEASE = new CountDownLatch(1);

    static final class HeldInItsInitialiser {
        static {
            try {
                RELEASE.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        static void touch() {
        }
    }

    static void waitForRelease() {
        try {
            RELEASE.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void countsThisJvmsVirtualThreadsByStateAndByWhereTheyWait(@TempDir Path dir) throws Exception {
        List<Thread> started = new ArrayList<>();
        for (int i = 0; i < 3; i++) started.add(Thread.ofVirtual().start(ThreadDumpsTest::waitForRelease));
        started.add(Thread.ofVirtual().start(HeldInItsInitialiser::touch));
        Path dump = dir.resolve("threads.json");
        try {
            // Until all four wait: three parked, the fourth parked on its carrier inside a class initialiser (pinned on any JDK).
            for (int i = 0; i < 200 && started.stream().anyMatch(t -> t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING); i++) {
                Thread.sleep(10);
            }
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpThreads(dump.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
        } finally {
            RELEASE.countDown();
            for (Thread t : started) t.join();
        }

        ThreadDumpSummary summary = ThreadDumps.summarise("this-jvm", 12, 345.6, dump, "threads.json");

        assertThat(summary.virtualThreads()).isEqualTo(4);
        assertThat(summary.threads()).isGreaterThan(4);
        assertThat(summary.virtualByState()).containsEntry("PINNED", 1);
        assertThat(summary.virtualByState().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(4);
        assertThat(summary.waitingAt()).contains(new ThreadDumpSummary.Waiting(ThreadDumpsTest.class.getName() + ".waitForRelease", 3),
                new ThreadDumpSummary.Waiting(HeldInItsInitialiser.class.getName() + ".<clinit>", 1));
        assertThat(summary.second()).isEqualTo(12);
        assertThat(summary.file()).isEqualTo("threads.json");
    }

    @Test
    void readsJdk21sDumpWhichSaysNeitherWhichThreadsAreVirtualNorTheirState(@TempDir Path dir) throws Exception {
        Path dump = Files.writeString(dir.resolve("jdk21.json"), """
                {"threadDump": {"processId": "1", "time": "2026-11-25T16:50:44Z", "runtimeVersion": "21.0.8+9-LTS", "threadContainers": [
                  {"container": "<root>", "parent": null, "owner": null, "threads": [
                    {"tid": "1", "name": "main", "stack": ["java.base/java.lang.Thread.sleep0(Native Method)", "app//D.main(D.java:5)"]},
                    {"tid": "18", "name": "", "stack": ["java.base/java.lang.VirtualThread.parkNanos(Unknown Source)",
                      "java.base/java.lang.Thread.sleep(Unknown Source)", "D.lambda$main$0(D.java:2)", "java.base/java.lang.VirtualThread.run(Unknown Source)"]},
                    {"tid": "22", "name": "", "stack": ["java.base/jdk.internal.misc.Unsafe.park(Native Method)",
                      "java.base/java.lang.VirtualThread.parkOnCarrierThread(Unknown Source)", "java.base/java.lang.VirtualThread.parkNanos(Unknown Source)",
                      "D.lambda$main$1(D.java:4)", "java.base/java.lang.VirtualThread.run(Unknown Source)"]}
                  ], "threadCount": "3"}]}}
                """);

        ThreadDumpSummary summary = ThreadDumps.summarise("pessoa-service", 30, 9.5, dump, "jdk21.json");

        assertThat(summary.threads()).isEqualTo(3);
        assertThat(summary.virtualThreads()).isEqualTo(2);
        assertThat(summary.virtualByState()).containsEntry("WAITING (parked)", 1).containsEntry("PINNED", 1);
        assertThat(summary.waitingAt()).extracting(ThreadDumpSummary.Waiting::frame).containsExactlyInAnyOrder("D.lambda$main$0", "D.lambda$main$1");
    }
}
