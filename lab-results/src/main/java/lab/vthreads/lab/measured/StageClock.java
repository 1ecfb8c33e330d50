package lab.vthreads.lab.measured;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a run's wall time went, stage by stage: what a user who waits for a verdict, or a contributor who wants it
 * sooner, needs to know first. Only the windows measure; everything else is what they cost.
 */
public final class StageClock {

    /** The stages, in the order a run meets them; a stage met many times (a pair of JVMs each) adds up. */
    public enum Stage {
        INFRASTRUCTURE("infrastructure"),
        STARTUP_CHECK("start-up check"),
        SERVICES("services' starts and stops"),
        SCENARIO_CHECK("scenario's check"),
        PREWARM("prewarms"),
        REHEARSAL("rehearsals"),
        CELLS("cells"),
        CALIBRATION("calibration");

        private final String label;

        Stage(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** What may throw: the stages are the runner's own steps. */
    public interface Work<T> {
        T run() throws Exception;
    }

    /** A step that returns nothing. */
    public interface Step {
        void run() throws Exception;
    }

    private final Map<Stage, Long> nanos = new EnumMap<>(Stage.class);
    private final long started = System.nanoTime();

    public <T> T time(Stage stage, Work<T> work) throws Exception {
        long from = System.nanoTime();
        try {
            return work.run();
        } finally {
            add(stage, System.nanoTime() - from);
        }
    }

    public void time(Stage stage, Step step) throws Exception {
        time(stage, () -> {
            step.run();
            return null;
        });
    }

    private synchronized void add(Stage stage, long elapsed) {
        nanos.merge(stage, elapsed, Long::sum);
    }

    /**
     * Seconds per stage met, in the stages' order, then {@code other}: the rest of the run's time so far (building the
     * plan, reading the machine, writing the cells' files).
     */
    public synchronized Map<String, Double> seconds() {
        Map<String, Double> seconds = new LinkedHashMap<>();
        long counted = 0;
        for (Map.Entry<Stage, Long> e : nanos.entrySet()) {
            seconds.put(e.getKey().label(), round(e.getValue()));
            counted += e.getValue();
        }
        seconds.put("other", round(Math.max(0, System.nanoTime() - started - counted)));
        return seconds;
    }

    /**
     * A run's stages as one line, "cells 3 min 10 s, prewarms 2 min 30 s, ...", the longest first, leaving out those
     * under half a second; null for a file written before the stages were timed.
     */
    public static String describe(Map<String, Double> seconds) {
        if (seconds == null || seconds.isEmpty()) return null;
        double total = seconds.values().stream().mapToDouble(Double::doubleValue).sum();
        return String.format(java.util.Locale.ROOT, "%s in all: ", duration(total)) + seconds.entrySet().stream()
                .filter(e -> e.getValue() >= 0.5)
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .map(e -> e.getKey() + " " + duration(e.getValue()))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    private static String duration(double seconds) {
        long s = Math.round(seconds);
        return s < 60 ? s + " s" : String.format(java.util.Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }

    private static double round(long nanos) {
        return Math.round(nanos / 1e8) / 10.0;
    }
}
