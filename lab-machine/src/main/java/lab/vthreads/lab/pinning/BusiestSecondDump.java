package lab.vthreads.lab.pinning;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One thread dump per service at the busiest second of a hold window, as a person would take it to see where the
 * virtual threads wait. The busiest second is not known until the window ends, so the dumps are taken again each time
 * a second beats the busiest before it, from a quarter into the window (the ramp's echo is over), at most
 * {@link #MAX_TAKES} times: each take is a safepoint and a dump written in the service, and the window is what is
 * measured. The last take is kept: at the busiest second seen while at most that many could be taken.
 */
public final class BusiestSecondDump implements AutoCloseable {

    public static final int MAX_TAKES = 3;

    private final Supplier<List<Map<String, Double>>> samples;
    private final String rateKey;
    private final double from, to;
    private final Map<String, Long> pids;
    private final Path dir, resultsDirectory;
    private final Thread watcher;
    private volatile boolean closed;
    private double bestRate = Double.NEGATIVE_INFINITY, bestSecond = Double.NaN;
    private int takes;
    private String error;

    /**
     * @param samples  the sampler's seconds so far
     * @param rateKey  the sample's throughput key
     * @param from     the hold window's start, in the samples' seconds
     * @param to       its end
     */
    public BusiestSecondDump(Supplier<List<Map<String, Double>>> samples, String rateKey, double from, double to, Map<String, Long> pids,
                             Path dir, Path resultsDirectory) {
        this.samples = samples;
        this.rateKey = rateKey;
        this.from = from;
        this.to = to;
        this.pids = new LinkedHashMap<>(pids);
        this.dir = dir;
        this.resultsDirectory = resultsDirectory;
        this.watcher = Thread.ofVirtual().name("busiest-second-dump").start(this::watch);
    }

    private void watch() {
        double seen = Double.NEGATIVE_INFINITY;
        while (!closed && takes < MAX_TAKES) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            List<Map<String, Double>> all = samples.get();
            if (all.isEmpty()) continue;
            Map<String, Double> last = all.getLast();
            Double t = last.get("t"), rate = last.get(rateKey);
            if (t == null || rate == null || rate.isNaN() || t <= seen) continue;
            seen = t;
            if (t < from + (to - from) / 4 || t > to || rate <= bestRate) continue;
            try {
                for (Map.Entry<String, Long> service : pids.entrySet()) ThreadDumps.take(service.getValue(), file(service.getKey()));
                bestRate = rate;
                bestSecond = t;
                takes++;
            } catch (IOException e) {
                error = e.getMessage();
                return;
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private Path file(String service) {
        return dir.resolve(service + "-threads.json");
    }

    /** Stops watching, without waiting: a take under way still ends. */
    public void stopWatching() {
        closed = true;
    }

    /** Stops watching; the summaries of the dumps kept (empty when none was taken, with {@link #error()} saying why if one failed). */
    public List<ThreadDumpSummary> finish() throws InterruptedException {
        closed = true;
        watcher.join();
        List<ThreadDumpSummary> summaries = new ArrayList<>();
        if (takes == 0) return summaries;
        for (String service : pids.keySet()) {
            try {
                summaries.add(ThreadDumps.summarise(service, bestSecond, bestRate, file(service), resultsDirectory.relativize(file(service)).toString()));
            } catch (IOException | RuntimeException e) {
                error = service + ": " + e.getMessage();
            }
        }
        return summaries;
    }

    public String error() {
        return error;
    }

    @Override
    public void close() throws InterruptedException {
        finish();
    }
}
