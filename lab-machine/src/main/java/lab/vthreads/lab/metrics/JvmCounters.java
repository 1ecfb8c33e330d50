package lab.vthreads.lab.metrics;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A HotSpot JVM's performance counters, read from the memory-mapped file it publishes for {@code jstat} and
 * {@code jcmd PerfCounter.print} ({@code hsperfdata_<user>/<pid>} in the temporary directory): what its JIT, threads,
 * collectors, safepoints and class loading did, without the application's help. Every JVM publishes it unless started
 * with {@code -XX:-UsePerfData} or {@code -XX:+PerfDisableSharedMem}.
 *
 * <p>Read here rather than through the JDK's own reader ({@code sun.jvmstat.monitor}, in a module the JDK does not
 * export) or by running jstat once a second (a JVM's start, on the machine being measured). The layout is HotSpot's
 * {@code PerfDataPrologue} and {@code PerfDataEntry} (perfMemory.hpp): a prologue, then entries that each name a
 * counter and point at its value. The JVM writes values in place as it runs, so one mapping serves every read.
 */
public final class JvmCounters {

    private static final int MAGIC = 0xcafec0c0;
    private static final byte LONG = 'J';
    private static final byte BYTE = 'B';
    private static final java.util.regex.Pattern SPACE_USED = java.util.regex.Pattern.compile("sun\\.gc\\.generation\\.\\d+\\.space\\.\\d+\\.used");
    private static final java.util.regex.Pattern COLLECTOR_NAME = java.util.regex.Pattern.compile("sun\\.gc\\.collector\\.\\d+\\.name");

    private final Path file;
    private final MappedByteBuffer buffer;

    private JvmCounters(Path file, MappedByteBuffer buffer) {
        this.file = file;
        this.buffer = buffer;
    }

    /** The file a JVM of this PID publishes, under any user's folder in these temporary directories; empty where none does. */
    static Optional<Path> fileOf(long pid, List<Path> temporaryDirectories) {
        for (Path tmp : temporaryDirectories) {
            try (DirectoryStream<Path> users = Files.newDirectoryStream(tmp, "hsperfdata_*")) {
                for (Path user : users) {
                    Path file = user.resolve(Long.toString(pid));
                    if (Files.isRegularFile(file)) return Optional.of(file);
                }
            } catch (IOException | SecurityException e) {
                // A temporary directory that cannot be listed holds nothing this lab can read.
            }
        }
        return Optional.empty();
    }

    /**
     * The counters of the JVM with this PID; empty where it publishes none (not a HotSpot JVM, started with
     * {@code -XX:-UsePerfData}, or gone). HotSpot writes to /tmp on Linux whatever {@code java.io.tmpdir} says.
     */
    public static Optional<JvmCounters> of(long pid) {
        Path javaTmp = Path.of(System.getProperty("java.io.tmpdir"));
        return fileOf(pid, javaTmp.equals(Path.of("/tmp")) ? List.of(javaTmp) : List.of(Path.of("/tmp"), javaTmp)).flatMap(JvmCounters::open);
    }

    /** Maps a counters file; empty where it is not one (a JVM still writing its prologue, or another file). */
    static Optional<JvmCounters> open(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            if (buffer.capacity() < 32 || buffer.order(ByteOrder.BIG_ENDIAN).getInt(0) != MAGIC) return Optional.empty();
            buffer.order(buffer.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            return Optional.of(new JvmCounters(file, buffer));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** Where these counters are read from: for the run's note on its signals. */
    public Path file() {
        return file;
    }

    /**
     * Every counter whose value is a number, by name, read now. A JVM adds counters as it runs (its entry count grows),
     * so the entries are walked on every read; a few hundred of them.
     */
    public synchronized Map<String, Long> numbers() {
        Map<String, Long> numbers = new LinkedHashMap<>();
        walk((name, type, length, data) -> {
            if (type == LONG && length == 0) numbers.put(name, buffer.getLong(data));
        });
        return numbers;
    }

    /** Every counter whose value is text (a collector's name, a property), by name. */
    public synchronized Map<String, String> texts() {
        Map<String, String> texts = new LinkedHashMap<>();
        walk((name, type, length, data) -> {
            if (type == BYTE && length > 0) texts.put(name, string(data, length));
        });
        return texts;
    }

    /**
     * What the lab reads of a JVM, each cumulative figure since its start; NaN where the JVM has no such counter.
     *
     * @param compileMs   the JIT's compile time ({@code java.ci.totalTime}, what {@code jvm.compilation.time} reports):
     *                    elapsed time, so a compiler waiting for a CPU counts as at work
     * @param gcPauseMs   the collectors' stop-the-world pauses: those named pauses where any is (G1's young, full and
     *                    concurrent-cycle pauses; ZGC's and Shenandoah's cycles run beside the application), else every
     *                    collector (Serial, Parallel)
     * @param safepointMs every thread stopped at a safepoint, for a collection or any other VM operation
     * @param gcCpuMs     the CPU time of the collector's own threads ({@code sun.threads.total_gc_cpu_time}, JDK 22 and
     *                    later): its parallel workers in a pause, and its concurrent marking and refinement beside the
     *                    application, which take a CPU from the requests without stopping them
     */
    public record Reading(double compileMs, double liveThreads, double peakThreads, double heapUsedMb, double gcPauseMs, double safepointMs,
                          double loadedClasses, double gcCpuMs) {
    }

    /** The figures the lab reads, now. */
    public Reading read() {
        Map<String, Long> n = numbers();
        Map<String, String> names = texts();
        double ticksPerMs = n.getOrDefault("sun.os.hrt.frequency", 0L) / 1000.0;
        double heap = 0;
        boolean heapFound = false;
        for (Map.Entry<String, Long> e : n.entrySet()) {
            if (SPACE_USED.matcher(e.getKey()).matches()) {
                heap += e.getValue();
                heapFound = true;
            }
        }
        boolean anyPause = names.entrySet().stream().anyMatch(e -> COLLECTOR_NAME.matcher(e.getKey()).matches()
                && e.getValue().toLowerCase(java.util.Locale.ROOT).contains("pause"));
        double gcTicks = 0;
        boolean gcFound = false;
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (!COLLECTOR_NAME.matcher(e.getKey()).matches()) continue;
            if (anyPause && !e.getValue().toLowerCase(java.util.Locale.ROOT).contains("pause")) continue;
            Long time = n.get(e.getKey().replace(".name", ".time"));
            if (time != null) {
                gcTicks += time;
                gcFound = true;
            }
        }
        return new Reading(ms(n.get("java.ci.totalTime"), ticksPerMs), number(n.get("java.threads.live")), number(n.get("java.threads.livePeak")),
                heapFound ? heap / 1_048_576 : Double.NaN, gcFound ? ms(gcTicks, ticksPerMs) : Double.NaN, ms(n.get("sun.rt.safepointTime"), ticksPerMs),
                number(n.get("java.cls.loadedClasses")), nanosAsMs(n.get("sun.threads.total_gc_cpu_time")));
    }

    private static double nanosAsMs(Long nanos) {
        return nanos == null ? Double.NaN : nanos / 1e6;
    }

    private static double number(Long value) {
        return value == null ? Double.NaN : value;
    }

    private static double ms(Number ticks, double ticksPerMs) {
        return ticks == null || !(ticksPerMs > 0) ? Double.NaN : ticks.doubleValue() / ticksPerMs;
    }

    private interface Entry {
        void accept(String name, byte type, int vectorLength, int dataOffset);
    }

    private void walk(Entry visitor) {
        int offset = buffer.getInt(24), count = buffer.getInt(28);
        for (int i = 0; i < count && offset > 0 && offset + 24 <= buffer.capacity(); i++) {
            int length = buffer.getInt(offset);
            if (length <= 0) break;
            int nameOffset = buffer.getInt(offset + 4), vectorLength = buffer.getInt(offset + 8), dataOffset = buffer.getInt(offset + 16);
            byte type = buffer.get(offset + 12);
            visitor.accept(string(offset + nameOffset, length - nameOffset), type, vectorLength, offset + dataOffset);
            offset += length;
        }
    }

    /** A NUL-terminated string of at most {@code max} bytes. */
    private String string(int from, int max) {
        int end = from;
        while (end < from + max && end < buffer.capacity() && buffer.get(end) != 0) end++;
        byte[] bytes = new byte[end - from];
        buffer.slice(from, bytes.length).get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
