package lab.vthreads.gatling;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gatling.javaapi.core.Session;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The machine-readable side of a run. Gatling 3.15 writes no stats JSON and a binary simulation.log, so every
 * request's response time (as Gatling measured it) and outcome is recorded here, into HdrHistograms and per-second
 * counters, and written as JSON next to Gatling's HTML report. Nothing is scraped from HTML.
 */
public final class RunRecorder {

    /** The results file's writer: the parameters' workload and client as the properties spell them ("closed", "patient"). */
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING);

    private static final long MAX_MS = 3_600_000;
    private static final int MAX_SECONDS = 24 * 3600;

    // Reset when the first user starts (markStart), so the per-second series and the hold window count from there.
    private volatile long startMillis = System.currentTimeMillis();
    private final int steadyFrom;
    private final int steadyTo;
    private final WindowCompiles compiles = new WindowCompiles();
    private final Histogram ok = new ConcurrentHistogram(MAX_MS, 3);
    private final Histogram steadyOk = new ConcurrentHistogram(MAX_MS, 3);
    private final Histogram ko = new ConcurrentHistogram(MAX_MS, 3);
    // From a user's first attempt to its final answer: the same as one request's time unless a patient user retried.
    private final Histogram steadyOperationOk = new ConcurrentHistogram(MAX_MS, 3);
    private final LongAdder deferred = new LongAdder();
    private final LongAdder abandoned = new LongAdder();
    private final AtomicLongArray deferredPerSecond = new AtomicLongArray(MAX_SECONDS);
    private final LongAdder okCount = new LongAdder();
    private final LongAdder koCount = new LongAdder();
    private final LongAdder created = new LongAdder();
    // The addresses the 201s stored: with the rows of the address table, proof that no person lost one.
    private final LongAdder createdAddresses = new LongAdder();
    // By status ("none": no response), per second: the timeline a fault experiment draws its events on.
    private final Map<String, AtomicLongArray> perSecondByStatus = new ConcurrentHashMap<>();
    private final Map<Integer, Histogram> latencyByStatus = new ConcurrentHashMap<>();
    // The slowest answer of each status in each second it arrived: what bounds a fault's errors in time (the lab checks
    // that the CEP faults' 502s and 504s all came within the read timeout + 10%), which a whole-run maximum cannot.
    private final Map<String, AtomicLongArray> slowestPerSecondByStatus = new ConcurrentHashMap<>();
    // Error answers that are not RFC 9457 problem details (application/problem+json), by status: the contract says none.
    private final Map<Integer, LongAdder> notProblemDetails = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> koReasons = new ConcurrentHashMap<>();
    private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
    private final AtomicLongArray okPerSecond = new AtomicLongArray(MAX_SECONDS);
    private final AtomicLongArray koPerSecond = new AtomicLongArray(MAX_SECONDS);

    private final LiveCounts live;

    /**
     * @param steadyFromSecond first second of the hold window; @param steadyToSecond first second after it
     * @param liveFile         where the counts so far are published while the run goes on ({@link LiveCounts}); null: nowhere
     */
    public RunRecorder(int steadyFromSecond, int steadyToSecond, String liveFile) {
        this.steadyFrom = steadyFromSecond;
        this.steadyTo = steadyToSecond;
        this.live = LiveCounts.publishingTo(liveFile);
    }

    /** Call after each request, with its status saved as "status" and its response time as "rt" (when it got one). */
    public Session record(Session session, int expectedStatus) {
        return record(session, status -> status == expectedStatus, Integer.toString(expectedStatus));
    }

    /** The same for a request that succeeds with any status {@code expected} accepts ({@code expectedText} says which). */
    public Session record(Session session, java.util.function.IntPredicate expected, String expectedText) {
        return record(session, expected, expectedText, null);
    }

    /** The same, with each failure's reason naming the request ({@code request}: a scenario's step, null for none). */
    public Session record(Session session, java.util.function.IntPredicate expected, String expectedText, String request) {
        Integer status = session.contains("status") ? session.getInt("status") : null;
        Integer rt = session.contains("rt") ? session.getInt("rt") : null;
        boolean success = !session.isFailed() && status != null && expected.test(status);
        int second = currentSecond();
        countBySecond(status, second);
        checkProblemDetail(session, status);
        live.outcome(success);
        if (status != null) {
            live.answered(rt);
            statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
            if (rt != null) {
                latencyByStatus.computeIfAbsent(status, s -> new ConcurrentHistogram(MAX_MS, 3)).recordValue(Math.min(MAX_MS, Math.max(0, rt)));
                slowestPerSecondByStatus.computeIfAbsent(status.toString(), s -> new AtomicLongArray(MAX_SECONDS))
                        .accumulateAndGet(second, rt, Math::max);
            }
            if (status == 201) {
                created.increment();
                if (session.contains("body")) createdAddresses.add(addresses(session.getString("body")));
            }
        }
        if (success) {
            okCount.increment();
            okPerSecond.incrementAndGet(second);
            if (rt != null) {
                ok.recordValue(Math.min(MAX_MS, Math.max(0, rt)));
                if (second >= steadyFrom && second < steadyTo) {
                    steadyOk.recordValue(Math.min(MAX_MS, Math.max(0, rt)));
                    long operation = session.contains("opStart") ? System.currentTimeMillis() - session.getLong("opStart") : rt;
                    steadyOperationOk.recordValue(Math.min(MAX_MS, Math.max(0, operation)));
                }
            }
        } else {
            koCount.increment();
            koPerSecond.incrementAndGet(second);
            if (rt != null) ko.recordValue(Math.min(MAX_MS, Math.max(0, rt)));
            String reason = (request == null ? "" : request + ": ") + (status == null ? "no response" : "status " + status + " (expected " + expectedText + ")");
            koReasons.computeIfAbsent(reason, r -> new LongAdder()).increment();
        }
        return session.remove("status").remove("rt").remove("contentType");
    }

    private void checkProblemDetail(Session session, Integer status) {
        if (status == null || status < 400) return;
        String contentType = session.contains("contentType") ? session.getString("contentType") : null;
        if (contentType == null || !contentType.startsWith("application/problem+json")) {
            notProblemDetails.computeIfAbsent(status, s -> new LongAdder()).increment();
        }
    }

    /**
     * The load starts now: what came before (the simulation's set-up, the count read) is not part of the run. The line
     * it prints is what the lab times its fault events from.
     */
    public void markStart() {
        startMillis = System.currentTimeMillis();
        compiles.watch(steadyFrom * 1000L, steadyTo * 1000L);
        System.out.println("Lab load started at epoch ms " + startMillis);
    }

    private void countBySecond(Integer status, int second) {
        perSecondByStatus.computeIfAbsent(status == null ? "none" : status.toString(), s -> new AtomicLongArray(MAX_SECONDS)).incrementAndGet(second);
    }

    /** How many addresses a request body carries (the simulations write {@code {"cep":"..."}} per address). */
    static int addresses(String body) {
        int count = 0;
        for (int i = body.indexOf("\"cep\""); i >= 0; i = body.indexOf("\"cep\"", i + 1)) count++;
        return count;
    }

    /** A refused attempt its user will send again after Retry-After: neither a success nor a failure yet. */
    public Session deferred(Session session) {
        deferred.increment();
        deferredPerSecond.incrementAndGet(currentSecond());
        Integer status = session.contains("status") ? session.getInt("status") : null;
        countBySecond(status, currentSecond());
        checkProblemDetail(session, status);
        if (status != null) {
            statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
            live.answered(session.contains("rt") ? session.getInt("rt") : null);
        }
        return session.remove("status").remove("rt").remove("contentType");
    }

    /** A user still waiting to retry when the run ended: its outcome is unknown, so it counts as neither. */
    public Session abandoned(Session session) {
        abandoned.increment();
        return session.remove("status").remove("rt").remove("contentType");
    }

    private int currentSecond() {
        return (int) Math.min(MAX_SECONDS - 1, (System.currentTimeMillis() - startMillis) / 1000);
    }

    /** When the measured window ends, as a wall-clock time. */
    public long steadyEndMillis() {
        return startMillis + steadyTo * 1000L;
    }

    public long created() {
        return created.sum();
    }

    public void write(Path file, String simulation, LoadParameters parameters, Long countBefore, Long countAfter) {
        live.close();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("simulation", simulation);
        json.put("startEpochMs", startMillis);
        json.put("endEpochMs", System.currentTimeMillis());
        json.put("parameters", parameters);
        json.put("ok", okCount.sum());
        json.put("ko", koCount.sum());
        json.put("created201", created.sum());
        json.put("createdAddresses", createdAddresses.sum());
        json.put("countBefore", countBefore);
        json.put("countAfter", countAfter);
        json.put("statuses", new TreeMap<>(sum(statuses)));
        json.put("koReasons", new TreeMap<>(sum(koReasons)));
        json.put("steadyWindowSeconds", List.of(steadyFrom, steadyTo));
        json.put("okLatencyMs", summary(ok));
        json.put("steadyOkLatencyMs", summary(steadyOk));
        json.put("koLatencyMs", summary(ko));
        json.put("steadyOperationOkLatencyMs", summary(steadyOperationOk));
        json.put("steadyCompileMs", compiles.inWindow());
        // The histograms themselves, so that the results of several load generators can be merged exactly
        // (HdrHistogram's add), not by averaging their percentiles.
        Map<String, String> histograms = new LinkedHashMap<>();
        histograms.put("ok", encoded(ok));
        histograms.put("steadyOk", encoded(steadyOk));
        histograms.put("ko", encoded(ko));
        histograms.put("steadyOperationOk", encoded(steadyOperationOk));
        json.put("histograms", histograms);
        json.put("shard", parameters.shard().index());
        json.put("shards", parameters.shard().count());
        json.put("deferred", deferred.sum());
        json.put("abandoned", abandoned.sum());
        json.put("deferredPerSecond", series(deferredPerSecond));
        json.put("okPerSecond", series(okPerSecond));
        json.put("koPerSecond", series(koPerSecond));
        Map<String, List<Long>> byStatus = new TreeMap<>();
        perSecondByStatus.forEach((status, counts) -> byStatus.put(status, series(counts)));
        json.put("perSecondByStatus", byStatus);
        Map<String, Object> slowest = new TreeMap<>();
        slowestPerSecondByStatus.forEach((status, ms) -> slowest.put(status, series(ms)));
        json.put("slowestMsPerSecondByStatus", slowest);
        Map<String, Object> latencies = new TreeMap<>();
        latencyByStatus.forEach((status, h) -> latencies.put(status.toString(), summary(h)));
        json.put("latencyByStatusMs", latencies);
        json.put("notProblemDetails", new TreeMap<>(sum(notProblemDetails)));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            JSON.writeValue(file.toFile(), json);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    private static <K> Map<K, Long> sum(Map<K, LongAdder> counters) {
        Map<K, Long> sums = new LinkedHashMap<>();
        counters.forEach((k, v) -> sums.put(k, v.sum()));
        return sums;
    }

    private static Map<String, Object> summary(Histogram h) {
        return lab.vthreads.infra.histogram.HistogramSummary.of(h);
    }

    /** HdrHistogram's compressed form, base64: what {@code Histogram.decodeFromCompressedByteBuffer} reads back. */
    static String encoded(Histogram h) {
        Histogram copy = h.copy();
        ByteBuffer buffer = ByteBuffer.allocate(copy.getNeededByteBufferCapacity());
        int length = copy.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** Counts per second since the start, up to the last second that saw anything. */
    private static List<Long> series(AtomicLongArray counts) {
        int last = 0;
        for (int i = 0; i < counts.length(); i++) {
            if (counts.get(i) > 0) last = i;
        }
        Long[] values = new Long[last + 1];
        for (int i = 0; i <= last; i++) values[i] = counts.get(i);
        return List.of(values);
    }
}
