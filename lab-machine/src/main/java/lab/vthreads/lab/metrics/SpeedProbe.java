package lab.vthreads.lab.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * How fast the services' CPUs run a fixed piece of work, measured beside them: a process of its own, in the system
 * side's place of the partition, timing the same pass over the same array a few times a second by its own thread's
 * CPU clock. On a virtual machine the time a request costs moves with the host (its other tenants, the caches and
 * memory it shares with them), and a pass like this one on the same CPU follows it (docs/findings/, 2026-12-07
 * midday). A cell and the calibration it is predicted from each carry the pass's time, so the report can say how much
 * of a miss is the machine's speed.
 *
 * <p>It writes its running totals (passes, CPU nanoseconds) to one file, replaced whole each time, and the sampler
 * reads their growth as it reads any counter. It ends by itself when the process that started it is gone.
 */
public final class SpeedProbe {

    /** Its place in the partition: a component of the system side, so that it runs where the services do. */
    public static final String COMPONENT = "speed-probe";

    /**
     * One pass: a million dependent pseudo-random updates over 4 MB, larger than a core's own caches, so that it
     * waits on the shared cache and memory as a service's requests do; a few milliseconds of CPU.
     */
    static final int ARRAY_INTS = 1 << 20, UPDATES_PER_PASS = 1 << 20;

    /** Passes a second: about 2% of a CPU, taken from the services in every cell and calibration alike. */
    static final int PASSES_PER_SECOND = 4;

    /** Unmeasured passes first, so that every measured one runs compiled code. */
    private static final int WARM_UP_PASSES = 200;

    /**
     * What the probe has done so far: the two counters whose growth over a window gives its time per pass
     * ({@link SampleKeys#speedProbeMs}).
     */
    public record Totals(long passes, long cpuNanos) {

        String line() {
            return passes + " " + cpuNanos + "\n";
        }

        /** The file's totals; empty while it does not exist yet or holds no complete line. */
        public static Optional<Totals> read(Path file) {
            String text;
            try {
                text = Files.readString(file);
            } catch (java.nio.file.NoSuchFileException e) {
                return Optional.empty();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String[] parts = text.strip().split(" ");
            if (parts.length != 2 || !text.endsWith("\n")) return Optional.empty();
            return Optional.of(new Totals(Long.parseLong(parts[0]), Long.parseLong(parts[1])));
        }
    }

    private final int[] array = new int[ARRAY_INTS];
    private int seed = 1;

    /** One pass; returns a value that depends on every update, so that the JIT cannot drop the work. */
    int pass() {
        int x = seed;
        int[] a = array;
        for (int i = 0; i < UPDATES_PER_PASS; i++) {
            x = x * 1103515245 + 12345;
            a[(x >>> 8) & (ARRAY_INTS - 1)] += x;
        }
        seed = x;
        return a[x & (ARRAY_INTS - 1)];
    }

    /** Args: the totals file, and the PID of the process whose end ends the probe. */
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        ProcessHandle owner = ProcessHandle.of(Long.parseLong(args[1])).orElse(null);
        SpeedProbe probe = new SpeedProbe();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int sink = 0;
        for (int i = 0; i < WARM_UP_PASSES; i++) sink += probe.pass();
        long passes = 0, nanos = 0;
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        while (owner != null && owner.isAlive()) {
            long before = threads.getCurrentThreadCpuTime();
            sink += probe.pass();
            nanos += threads.getCurrentThreadCpuTime() - before;
            passes++;
            Files.writeString(partial, new Totals(passes, nanos).line());
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Thread.sleep(1000 / PASSES_PER_SECOND);
        }
        if (sink == 42) System.out.println();
    }
}
