package lab.vthreads.lab.faults;

import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one run with faults shows: the responses per second by status (the timeline the events sit on), how long each
 * fault's errors lasted after it was over, and whether anything was lost: the 201s against the rows PostgreSQL holds.
 *
 * @param timeline        responses per second since the load started, by status ("none": no response at all)
 * @param holdWindow      the hold window's first second and the first second after it, on the timeline
 * @param events          the faults as injected, each with its recovery
 * @param statuses        every response of the run by status, warm-up and ramps included (the rows are the whole run's)
 * @param latencyByStatus the response times of each status: p99 and max, in ms
 * @param notProblemDetails error answers (4xx, 5xx) that were not {@code application/problem+json}, by status
 * @param created201      201s the load generator received
 * @param addressesIn201s the addresses those 201s' requests carried
 * @param rows            what PostgreSQL holds after the run (null: it could not be read, see {@code rowsError})
 */
public record FaultOutcome(Map<String, List<Long>> timeline, List<Integer> holdWindow, List<Recovery> events, Map<String, Long> statuses,
                           Map<String, Map<String, Double>> latencyByStatus, Map<String, Long> notProblemDetails, long created201, long addressesIn201s, StoredRows rows,
                           String rowsError) {

    /** Errors must be gone this many seconds after a fault is over (issue 13's bar). */
    public static final double RECOVERY_LIMIT_SECONDS = 10;

    /** A CEP fault must become its 502 or 504 within pessoa-service's CEP read timeout and this much more (issue 13's bar). */
    public static final double CEP_ERROR_MARGIN = 0.10;

    /** The statuses a failed CEP lookup becomes: cep-unavailable and cep-timeout. */
    private static final List<String> CEP_ERROR_STATUSES = List.of("502", "504");

    /**
     * @param recoverySeconds from the fault's end to the end of the last second with an error before the next fault or the
     *                        window's end; 0 when no error followed; null when errors went on to the next fault or the end
     * @param slowestErrorMs  for the CEP faults: the slowest 502 or 504 answered from the fault's start until a read
     *                        timeout and its margin after its end (null for the other faults; -1 when there were 502s or
     *                        504s but the load generator did not record their times)
     * @param errorLimitMs    for the CEP faults: the read timeout and its margin, which {@code slowestErrorMs} must not pass
     */
    public record Recovery(FaultEvent event, Double recoverySeconds, Long slowestErrorMs, Long errorLimitMs) {

        public boolean withinLimit() {
            return event.error() == null && recoverySeconds != null && recoverySeconds <= RECOVERY_LIMIT_SECONDS
                    && (errorLimitMs == null || (slowestErrorMs != null && slowestErrorMs >= 0 && slowestErrorMs <= errorLimitMs));
        }
    }

    /** @param cepReadTimeoutMs pessoa-service's CEP read timeout in this run, which bounds the CEP faults' answers */
    public static FaultOutcome of(JsonNode gatlingResults, List<FaultEvent> events, StoredRows rows, String rowsError, int cepReadTimeoutMs) {
        Map<String, List<Long>> timeline = new TreeMap<>();
        gatlingResults.path("perSecondByStatus").properties().forEach(e -> {
            List<Long> counts = new ArrayList<>();
            e.getValue().forEach(n -> counts.add(n.asLong()));
            timeline.put(e.getKey(), counts);
        });
        int from = gatlingResults.path("steadyWindowSeconds").path(0).asInt(), to = gatlingResults.path("steadyWindowSeconds").path(1).asInt();
        List<Recovery> recoveries = new ArrayList<>();
        long errorLimitMs = Math.round(cepReadTimeoutMs * (1 + CEP_ERROR_MARGIN));
        for (int i = 0; i < events.size(); i++) {
            FaultEvent event = events.get(i);
            double limit = i + 1 < events.size() ? events.get(i + 1).startSecond() : to;
            Double recovery = recovery(timeline, event.endSecond(), limit);
            recoveries.add(event.kind() == Fault.Kind.CEP_FAULTS
                    ? new Recovery(event, recovery, slowestCepError(gatlingResults, timeline, event, errorLimitMs), errorLimitMs)
                    : new Recovery(event, recovery, null, null));
        }
        Map<String, Long> statuses = counts(gatlingResults.path("statuses"));
        long none = timeline.getOrDefault("none", List.of()).stream().mapToLong(Long::longValue).sum();
        if (none > 0) statuses.put("none", none);
        Map<String, Map<String, Double>> latencies = new TreeMap<>();
        gatlingResults.path("latencyByStatusMs").properties().forEach(e -> {
            Map<String, Double> l = new LinkedHashMap<>();
            l.put("p99", e.getValue().path("p99").asDouble());
            l.put("max", e.getValue().path("max").asDouble());
            latencies.put(e.getKey(), l);
        });
        return new FaultOutcome(timeline, List.of(from, to), recoveries, statuses, latencies, counts(gatlingResults.path("notProblemDetails")),
                gatlingResults.path("created201").asLong(),
                gatlingResults.path("createdAddresses").asLong(), rows, rowsError);
    }

    /**
     * The slowest 502 or 504 answered from the fault's start until {@code errorLimitMs} after its end, when the last
     * request that met a fault would have had its answer; 0 when there was none.
     */
    static long slowestCepError(JsonNode gatlingResults, Map<String, List<Long>> timeline, FaultEvent event, long errorLimitMs) {
        int first = (int) Math.floor(event.startSecond()), last = (int) Math.floor(event.endSecond() + errorLimitMs / 1000.0);
        long slowest = 0;
        for (String status : CEP_ERROR_STATUSES) {
            List<Long> counts = timeline.getOrDefault(status, List.of());
            JsonNode times = gatlingResults.path("slowestMsPerSecondByStatus").path(status);
            for (int s = first; s <= last && s < counts.size(); s++) {
                if (counts.get(s) == 0) continue;
                if (!times.path(s).isNumber()) return -1;
                slowest = Math.max(slowest, times.path(s).asLong());
            }
        }
        return slowest;
    }

    /** A JSON object of counts by key, sorted by key. */
    private static Map<String, Long> counts(JsonNode object) {
        Map<String, Long> counts = new TreeMap<>();
        object.properties().forEach(e -> counts.put(e.getKey(), e.getValue().asLong()));
        return counts;
    }

    /**
     * Seconds from {@code end} to the end of the last second before {@code limit} that saw an answer other than 201. The
     * second in which the next fault begins is left out: its errors may be that fault's.
     */
    static Double recovery(Map<String, List<Long>> timeline, double end, double limit) {
        int first = (int) Math.floor(end), last = (int) Math.floor(limit) - 1;
        Integer lastBad = null;
        for (int s = first; s <= last; s++) {
            if (errorsAt(timeline, s) > 0) lastBad = s;
        }
        if (lastBad == null) return 0.0;
        // Errors in the last whole second before the next fault (or the end): they had not stopped.
        if (lastBad >= last && last - first >= 1) return null;
        return Math.max(0, Math.round((lastBad + 1 - end) * 10) / 10.0);
    }

    /** Answers other than 201 in one second of the timeline. */
    public static long errorsAt(Map<String, List<Long>> timeline, int second) {
        long errors = 0;
        for (Map.Entry<String, List<Long>> e : timeline.entrySet()) {
            if (!e.getKey().equals("201") && second >= 0 && second < e.getValue().size()) errors += e.getValue().get(second);
        }
        return errors;
    }

    public long http500() {
        return statuses.getOrDefault("500", 0L);
    }

    /** 201s without a stored person (-1 when the rows could not be read). */
    public long lost() {
        return rows == null ? -1 : Math.max(0, created201 - rows.pessoas());
    }

    /**
     * Stored people no 201 reported: a request the service accepted and committed but whose answer never arrived
     * (cut by a shutdown, or after the client gave up) (-1 when the rows could not be read).
     */
    public long unconfirmed() {
        return rows == null ? -1 : Math.max(0, rows.pessoas() - created201);
    }

    public long notProblemDetail() {
        return notProblemDetails.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Every fault recovered in time, no 500, every error a problem detail, nothing lost, no partial write, every address
     * of every 201 stored; and some load got through (a run whose load generator wrote nothing proves nothing).
     */
    public boolean passed() {
        return rows != null && created201 > 0 && http500() == 0 && notProblemDetail() == 0 && lost() == 0 && unconfirmed() == 0 && rows.withoutAddress() == 0
                && rows.enderecos() == addressesIn201s && events.stream().allMatch(Recovery::withinLimit);
    }
}
