package lab.vthreads.gatling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * What this load generator has received so far, published to a file a few times a second for the lab to read while
 * the load runs: the answers (any status), their response times' sum, the successes and the failures. The lab takes
 * throughput and response time from here, as the users saw them, for any application, whether or not it publishes
 * metrics of its own.
 *
 * <p>One line of {@code name=value} pairs, replaced whole (written beside, then moved over it), so that a reader never
 * sees half of one. Every {@link #PERIOD_MS}: a reader that samples once a second is then at most that late, a small
 * share of any window it differences the counts over.
 */
final class LiveCounts implements AutoCloseable {

    static final long PERIOD_MS = 200;
    /** Far longer than one publication (a line written and moved) takes. */
    private static final long CLOSE_WAIT_MS = 5_000;

    private final Path file;
    private final LongAdder answered = new LongAdder();
    private final LongAdder answeredMs = new LongAdder();
    private final LongAdder succeeded = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().name("live-counts").daemon().unstarted(r));

    /** Publishes to {@code file} from now until closed; null: counts nothing anywhere (a run the lab does not watch). */
    static LiveCounts publishingTo(String file) {
        LiveCounts counts = new LiveCounts(file == null ? null : Path.of(file));
        if (counts.file != null) counts.timer.scheduleAtFixedRate(counts::publish, 0, PERIOD_MS, TimeUnit.MILLISECONDS);
        return counts;
    }

    private LiveCounts(Path file) {
        this.file = file;
    }

    /** An answer with a status, in {@code responseMs} where its time was measured (null: not). */
    void answered(Integer responseMs) {
        answered.increment();
        if (responseMs != null) answeredMs.add(Math.max(0, responseMs));
    }

    void outcome(boolean success) {
        (success ? succeeded : failed).increment();
    }

    /** The line as it is now. */
    String line() {
        return String.format(Locale.ROOT, "epochMs=%d answered=%d answeredMs=%d ok=%d ko=%d", System.currentTimeMillis(), answered.sum(), answeredMs.sum(),
                succeeded.sum(), failed.sum());
    }

    /**
     * Whole: the line is taken and moved over the file under one lock, so that the last publication to end holds the
     * latest counts (two at once shared the file beside, and an older line could land last).
     */
    private synchronized void publish() {
        try {
            Path next = file.resolveSibling(file.getFileName() + ".next");
            Files.writeString(next, line() + "\n");
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // The next period writes it again; the lab reads a second missed as not measured, not as zero.
        }
    }

    /**
     * A last publication, so the file ends with every answer. The timer is stopped and waited for first: one of its
     * publications still under way would otherwise end after this one, or leave the file beside behind it.
     */
    @Override
    public void close() {
        timer.shutdown();
        try {
            if (!timer.awaitTermination(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS)) timer.shutdownNow();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (file != null) publish();
    }
}
