package lab.vthreads.lab.metrics;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The portable path (OSHI, for macOS and Windows) against the Linux one (/proc) on this machine: the CPU of a process kept
 * busy (this JVM with one thread spinning until /proc has counted at least a second of its CPU), the memory of a quiet one.
 */
class OshiStatsTest {

    private final ProcStats linux = new ProcStats(Path.of("/proc"));
    private final OshiStats portable = new OshiStats();
    private final List<ProcessHandle> self = List.of(ProcessHandle.current());

    @Test
    @Timeout(60)
    void theCpuOfABusyProcessAgreesWithProcWithinFivePercent() throws Exception {
        portable.cpuSeconds(self); // OSHI's first reading loads its classes, CPU that /proc would count and OSHI not
        double linuxBefore = linux.cpuSeconds(self), portableBefore = portable.cpuSeconds(self);
        Thread spinner = Thread.ofPlatform().start(() -> {
            long sink = 0;
            while (!Thread.currentThread().isInterrupted()) sink += System.nanoTime() % 7;
            if (sink == 42) System.out.print("");
        });
        try {
            // Until /proc has counted a second of CPU since the start, however slowly a busy machine lets it spin.
            while (linux.cpuSeconds(self) - linuxBefore < 1.0) Thread.sleep(100);
        } finally {
            spinner.interrupt();
            spinner.join();
        }
        // Both read after the spinning stopped: the same CPU time, told by two readers.
        double linuxUsed = linux.cpuSeconds(self) - linuxBefore, portableUsed = portable.cpuSeconds(self) - portableBefore;
        assertThat(linuxUsed).isGreaterThanOrEqualTo(1.0);
        assertThat(portableUsed).as("OSHI %.3f s against /proc %.3f s", portableUsed, linuxUsed).isCloseTo(linuxUsed, within(0.05 * linuxUsed));
    }

    @Test
    @Timeout(60)
    void theResidentMemoryAgreesWithProcWithinFivePercent() throws Exception {
        // A quiet child, not this JVM: this JVM's own memory grows while OSHI loads its classes between the two readings.
        Process quiet = new ProcessBuilder("sleep", "60").start();
        try {
            List<ProcessHandle> child = List.of(quiet.toHandle());
            // Past its exec: two readings alike and above zero.
            double settled = -1, now;
            while ((now = linux.rssMb(child)) <= 0 || now != settled) {
                settled = now;
                Thread.sleep(50);
            }
            double fromOshi = portable.rssMb(child), fromProc = linux.rssMb(child);
            assertThat(fromOshi).isCloseTo(fromProc, within(0.05 * fromProc));
        } finally {
            quiet.destroy();
            quiet.waitFor();
        }
    }

    @Test
    void theMachineCountersCoverEveryCpuAndAgreeWithProc() {
        SystemStats.CpuCounters fromProc = linux.cpuCounters(), fromOshi = portable.cpuCounters();
        assertThat(fromOshi.each().keySet()).isEqualTo(fromProc.each().keySet());
        // Since boot: the busy share of all the time counted, in ticks from /proc and in milliseconds from OSHI.
        double procBusy = share(fromProc.total()), oshiBusy = share(fromOshi.total());
        assertThat(oshiBusy).isCloseTo(procBusy, within(0.05 * procBusy + 0.01));
    }

    private static double share(SystemStats.MachineCpu cpu) {
        return (double) cpu.busy() / (cpu.busy() + cpu.idle() + cpu.steal());
    }
}
