package lab.vthreads.gatling;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * How long this load generator's own JIT compiled during the hold window. Every measured run starts a fresh Gatling
 * JVM, still compiling when the window opens, on the load side's CPUs beside the CEP mock; the report shows how much
 * beside the services' compile time, which the lab reads from their metrics. This JVM's only it can read, so it reads
 * it at the window's two edges.
 */
final class WindowCompiles {

    private final LongSupplier compiledMs;
    private volatile long atStart = -1;
    private volatile long atEnd = -1;

    WindowCompiles() {
        this(ownCompiler());
    }

    /** @param compiledMs this JVM's cumulative compile time in ms; null where the JVM does not keep it */
    WindowCompiles(LongSupplier compiledMs) {
        this.compiledMs = compiledMs;
    }

    private static LongSupplier ownCompiler() {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        return compiler != null && compiler.isCompilationTimeMonitoringSupported() ? compiler::getTotalCompilationTime : null;
    }

    /** Reads the compile time when the window starts and when it ends, {@code fromMs} and {@code toMs} from now. */
    void watch(long fromMs, long toMs) {
        if (compiledMs == null) return;
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "window-compiles");
            thread.setDaemon(true);
            return thread;
        });
        clock.schedule(() -> atStart = compiledMs.getAsLong(), Math.max(0, fromMs), TimeUnit.MILLISECONDS);
        clock.schedule(() -> {
            atEnd = compiledMs.getAsLong();
            clock.shutdown();
        }, Math.max(0, toMs), TimeUnit.MILLISECONDS);
    }

    /** The ms compiled between the window's edges; null until both were read (the run ended early, or no such clock). */
    Long inWindow() {
        long start = atStart, end = atEnd;
        return start >= 0 && end >= start ? end - start : null;
    }
}
