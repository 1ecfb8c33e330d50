package lab.vthreads.lab.measured;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import lab.vthreads.lab.stack.ThreadMode;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.WilsonScoreInterval;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One kind of service JVM (a mode, with a variant's factors) started again and again, each time handed a burst of the
 * scenario's flows at once while cold: how often a start hangs (schema 12). Its starts may include earlier runs'
 * of the same jar, scenario, settings and machine (schema 16): each is a fresh JVM's, so they count alike. A cold virtual-thread JVM given many first
 * requests at once can deadlock in class loading, and whether it does depends on timing, so once is no answer: the
 * rate is given with its 95% interval (Wilson's, which stays inside 0-100% and is honest at 0 of N).
 *
 * @param stack          what the stack is called in the report ("virtual", "carriers-4 virtual")
 * @param variant        the preset's variant whose factors it ran with; null for none
 * @param users          how many users the burst sent at once, taking the flows in turn (the kind's cells' most)
 * @param timeoutSeconds how long each request could wait before it counted as unanswered
 * @param starts         each start, in order
 */
public record StartupCheck(String stack, ThreadMode mode, String variant, int users, int timeoutSeconds, List<Start> starts) {

    /** The confidence of the hang rate's interval. */
    public static final double CONFIDENCE = 0.95;

    /**
     * Whether a kind of JVM in {@code mode} is the check's control rather than its subject: a platform-thread JVM cannot
     * deadlock in class loading as a virtual-thread one can, so its starts only tell such a hang from a burst that would
     * hang the application on any threads.
     */
    public static boolean control(ThreadMode mode) {
        return mode == ThreadMode.PLATFORM;
    }

    /** Whether the control's starts are due after these subject starts: once one of them hung with no carrier deadlock to explain it. */
    public static boolean controlDue(java.util.Collection<Start> subjectStarts) {
        return subjectStarts.stream().anyMatch(Start::hungUnexplained);
    }

    public StartupCheck {
        starts = List.copyOf(starts);
    }

    /** What one start's burst got. */
    public enum Outcome {
        /** Every request answered as the scenario expects. */
        @JsonProperty("answered") ANSWERED,
        /** Every request answered, some otherwise than the scenario expects: not a hang (the one-user pass judges the scenario). */
        @JsonProperty("answered-otherwise") ANSWERED_OTHERWISE,
        /** A request got no answer within the timeout: the JVM hung. */
        @JsonProperty("hung") HUNG,
        /** The services did not come up: no burst was sent. */
        @JsonProperty("did-not-start") DID_NOT_START
    }

    /**
     * @param start    1-based
     * @param requests what the load generator got, in its words, or why the services did not start; null where all was answered
     * @param carriers the virtual-thread scheduler's parallelism in the JVM the burst reached, as that JVM reported it; null
     *                 where it could not be asked
     * @param slowestMs the slowest answer the burst got, in ms (a hung start's answered requests' too); null where none was answered
     * @param dumps    by service, its thread dump after a hang, relative to the results folder
     * @param stalled  by service, what that dump named (every carrier blocked: a deadlock, with its known cause)
     * @param keptFrom the results folder of the earlier run that made this start, kept for the same jar, scenario, settings and
     *                 machine (schema 16); null for this run's own
     */
    public record Start(int start, Outcome outcome, String requests, Integer carriers, Long slowestMs, Map<String, String> dumps,
                        Map<String, String> stalled, String keptFrom) {

        public Start {
            Objects.requireNonNull(outcome, "outcome");
            dumps = dumps == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(dumps));
            stalled = stalled == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(stalled));
        }

        /** This run's own start. */
        public Start(int start, Outcome outcome, String requests, Integer carriers, Long slowestMs, Map<String, String> dumps,
                     Map<String, String> stalled) {
            this(start, outcome, requests, carriers, slowestMs, dumps, stalled, null);
        }

        /**
         * The same start as a later run keeps it: marked with the run that made it, its dumps' paths leading there from
         * the later run's folder (a sibling under results/).
         */
        public Start keptBy(String madeIn) {
            if (keptFrom != null) return this;
            Map<String, String> there = new java.util.LinkedHashMap<>();
            dumps.forEach((service, file) -> there.put(service, "../" + madeIn + "/" + file));
            return new Start(start, outcome, requests, carriers, slowestMs, there, stalled, madeIn);
        }

        /**
         * Whether it hung with no dump to say why: not every carrier blocked, or no dump. Only such a hang needs the
         * control to tell it from a burst that would hang the application on any threads; a deadlock of every carrier
         * is virtual threads' own, which a platform JVM has none of.
         */
        @JsonIgnore
        public boolean hungUnexplained() {
            return outcome == Outcome.HUNG && stalled.isEmpty();
        }
    }

    /** The starts made by earlier runs and kept. */
    @JsonIgnore
    public int kept() {
        return (int) starts.stream().filter(s -> s.keptFrom() != null).count();
    }

    /** The starts that got their burst: the hang rate's denominator. */
    @JsonIgnore
    public int bursts() {
        return (int) starts.stream().filter(s -> s.outcome() != Outcome.DID_NOT_START).count();
    }

    @JsonIgnore
    public int hung() {
        return count(Outcome.HUNG);
    }

    /** Hung starts whose dump showed every carrier blocked. */
    @JsonIgnore
    public int deadlocked() {
        return (int) starts.stream().filter(s -> s.outcome() == Outcome.HUNG && !s.stalled().isEmpty()).count();
    }

    @JsonIgnore
    public int didNotStart() {
        return count(Outcome.DID_NOT_START);
    }

    /** The 95% interval of the hang rate, as shares 0..1; null where no start got its burst. */
    @JsonIgnore
    public ConfidenceInterval hangRate() {
        if (bursts() == 0) return null;
        return new WilsonScoreInterval().createInterval(bursts(), hung(), CONFIDENCE);
    }

    /** The carriers the JVMs reported, as one figure or a range; null where none did. */
    @JsonIgnore
    public String carriers() {
        var each = starts.stream().map(Start::carriers).filter(Objects::nonNull).distinct().sorted().toList();
        if (each.isEmpty()) return null;
        return each.size() == 1 ? each.getFirst().toString() : each.getFirst() + "-" + each.getLast();
    }

    /** The finding in one line: "virtual: 3 of 10 starts hung (95% interval 11-60%), 3 deadlocked at cold start, 1 carrier". */
    public String text() {
        StringBuilder s = new StringBuilder(stack).append(": ");
        ConfidenceInterval rate = hangRate();
        if (rate == null) {
            s.append("no start came up (").append(starts.isEmpty() ? "none tried" : starts.getFirst().requests()).append(")");
            return s.toString();
        }
        s.append(String.format(Locale.ROOT, "%d of %d starts hung (%.0f%% interval %.0f-%.0f%%)", hung(), bursts(), CONFIDENCE * 100,
                rate.getLowerBound() * 100, rate.getUpperBound() * 100));
        if (deadlocked() > 0) s.append(", ").append(deadlocked()).append(" deadlocked at cold start");
        if (kept() > 0) s.append(", ").append(kept()).append(" of the starts kept from earlier runs");
        if (didNotStart() > 0) s.append(", ").append(didNotStart()).append(" did not start");
        // A JVM in any other mode has a scheduler too, but nothing of its requests runs on it.
        String carriers = mode.virtual() ? carriers() : null;
        if (carriers != null) s.append(", ").append(carriers).append(carriers.equals("1") ? " carrier" : " carriers");
        return s.toString();
    }

    /** The first hung start's finding, where one hung: the requests and what its dump named. */
    @JsonIgnore
    public String firstHang() {
        for (Start start : starts) {
            if (start.outcome() != Outcome.HUNG) continue;
            StringBuilder s = new StringBuilder("start ").append(start.start()).append(": ").append(start.requests());
            start.stalled().forEach((service, why) -> s.append("; ").append(service).append(": ").append(why));
            return s.toString();
        }
        return null;
    }

    private int count(Outcome outcome) {
        return (int) starts.stream().filter(s -> s.outcome() == outcome).count();
    }
}
