package lab.vthreads.lab.pinning;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

class JcmdTest {

    /** A caller stopped while jcmd runs (the lab stopping during a JFR dump): the jcmd in flight ends with it. */
    @Test
    void aCallerInterruptedWhileJcmdRunsStopsJcmdToo(@TempDir Path dir) throws Exception {
        // Stands in for a jcmd whose target JVM takes long to answer.
        Path slowJcmd = Files.writeString(dir.resolve("jcmd"), "#!/bin/sh\nexec sleep 60\n");
        Files.setPosixFilePermissions(slowJcmd, PosixFilePermissions.fromString("rwx------"));
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread caller = Thread.ofPlatform().start(() -> {
            try {
                Jcmd.writeFile(slowJcmd, 1, dir.resolve("dump.json"), 60, "JFR.dump");
            } catch (Throwable t) {
                ended.set(t);
            }
        });
        List<ProcessHandle> jcmd = List.of();
        for (int i = 0; i < 200 && jcmd.isEmpty(); i++) {
            Thread.sleep(50);
            jcmd = ProcessHandle.current().descendants().filter(p -> p.info().commandLine().orElse("").contains("sleep 60")).toList();
        }
        assertThat(jcmd).as("the stand-in jcmd started").isNotEmpty();

        caller.interrupt();
        caller.join();

        assertThat(ended.get()).isInstanceOf(InterruptedException.class);
        for (ProcessHandle process : jcmd) {
            assertThat(process.onExit()).succeedsWithin(java.time.Duration.ofSeconds(30));
        }
    }
}
