package lab.vthreads.lab.prewarm;

import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.load.LoadCounts;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.load.LoadStart;
import lab.vthreads.lab.metrics.ActuatorLinks;
import lab.vthreads.lab.metrics.ServerSockets;
import lab.vthreads.lab.metrics.SystemStats;
import lab.vthreads.lab.process.ManagedProcess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Loads freshly started services until they have settled, before the cells measured on them, so that a window
 * measures the services rather than their warm-up.
 *
 * <p>A fixed warm-up cannot know how long that takes: with pessoa-service, gateway-service and PostgreSQL sharing one
 * CPU, pessoa-service's compilers were still at work for half of each window minutes into the load, and its CPU per
 * request was still falling towards a warm service's. So the lab stops the load once both of these held at the same second, or at the cap:
 * <ul>
 *   <li>every service's compile time (its JVM's own counters, {@link CompileTimes}) grew by less than
 *       {@link ExperimentResults.Prewarmed#SETTLED_SHARE} of the last {@link #WINDOW_SECONDS} seconds;</li>
 *   <li>the services' CPU per request (their processes' CPU time over the load generator's successes) over the
 *       last {@link #WINDOW_SECONDS} seconds is within {@link #STEADY_TREND} of that over the {@link #WINDOW_SECONDS}
 *       before: quiet compilers alone passed a service whose throughput was still climbing. Where no process CPU is measured, the load generator's successes
 *       per second must be steady instead. Throughput itself is the load generator's as much as the services': the
 *       prewarm's Gatling is a fresh JVM on every CPU, and after the services' compilers had gone quiet the
 *       prewarms' throughput still climbed with the load generator's own warm-up, which no measured cell inherits
 *       (each starts a Gatling JVM of its own).</li>
 * </ul>
 *
 * <p>The load is a Gatling run of its own, stopped by its PID; its requests are let finish before anything else
 * starts, so the measured run's database and its nothing-lost count see none of them. The measured run keeps its own
 * warm-up (the preset's {@code warmupSeconds}), which warms the measured Gatling JVM.
 */
public final class Prewarm {


    static final int WINDOW_SECONDS = 10;

    /** How long a load generator's JVM may take to start its load: many times its start on a busy machine. */
    private static final Duration LOAD_START_WAIT = Duration.ofMinutes(2);

    /**
     * Settled throughput: the last window's within this share of the one before, the hold window's steadiness rule
     * ({@link lab.vthreads.lab.load.ClientResult#STEADY}) on the prewarm's own last seconds.
     */
    static final double STEADY_TREND = lab.vthreads.lab.load.ClientResult.STEADY;

    /**
     * What a prewarm is called (its Gatling folder, log and trace in the run's folder), how its load ramps up, and what
     * must be steady besides the compilers.
     *
     * @param rampSeconds   a cold service serves a fraction of what it will, and a sudden full rate only queues; services
     *                      warmed by a first prewarm need no ramp worth waiting for
     * @param throughputToo the load generator's throughput steady as well as the services' CPU per request: with the cells' CEP
     *                      latency the closed users get what the warm services let through (the users' or the threads'
     *                      bound), not what the prewarm's own fresh Gatling JVM manages while it warms up
     */
    public record Rule(String name, int rampSeconds, boolean throughputToo) {

        public static final Rule FIRST = new Rule("prewarm", 10, false);

        public static final Rule WITH_LATENCY = new Rule("prewarm-with-latency", 2, true);

        /**
         * The least load before "settled" can be said: two whole windows after the ramp, since the rule compares the
         * last window with the one before: sooner, a prewarm "settled" by comparing a window that held the ramp's end
         * (the services still queueing) with the next.
         */
        public int minSeconds() {
            return rampSeconds + 2 * WINDOW_SECONDS;
        }
    }

    private final LoadGenerators load;
    private final Progress progress;

    public Prewarm(LoadGenerators load, Progress progress) {
        this.load = load;
        this.progress = progress;
    }

    /**
     * @param properties  the load (users, client, CEPs), without its profile: the prewarm sets it
     * @param managements each service's management base URL, by name
     * @param maxSeconds  the cap, in seconds of load
     */
    public ExperimentResults.Prewarmed run(LoadProperties properties, Map<String, String> managements, int maxSeconds, Path dir) {
        return run(properties, managements, Map.of(), maxSeconds, dir, Rule.FIRST, () -> { });
    }

    /**
     * One stage of a prewarm: its rule, its cap, what to do as it begins (switch the CEP latency on) and once under its
     * load (rehearse the thread dumps), a window after its ramp, early enough for the compiling it sets off to end
     * before "settled" can be said. What it does under load runs in a thread of its own, beside the stage's readings:
     * the stage is not settled while it runs, and its cap interrupts it, so it can neither stop the readings nor hold the
     * stage past its cap (eight thread dumps per service, taken inline, once held a 16 s stage for 28.8 s).
     */
    public record Stage(Rule rule, int maxSeconds, Runnable atStart, Runnable underLoad) {
    }

    /**
     * @param processes each service's process, by name, for their CPU per request; empty: the throughput rule
     */
    public ExperimentResults.Prewarmed run(LoadProperties properties, Map<String, String> managements, Map<String, ManagedProcess> processes, int maxSeconds,
                                    Path dir, Rule rule, Runnable underLoad) {
        return run(properties, managements, processes, dir, List.of(new Stage(rule, maxSeconds, () -> { }, underLoad))).getFirst();
    }

    /**
     * The stages one after the other on one load generator, started once for all of them: a second stage needs no new
     * Gatling JVM, no ramp from zero and no drain before it, only its own settle rule from the moment it begins.
     *
     * @return each stage's prewarm, in order; a stage the load generator did not live to reach is "not settled" at 0 s
     */
    public List<ExperimentResults.Prewarmed> run(LoadProperties properties, Map<String, String> managements, Map<String, ManagedProcess> processes,
                                                 Path dir, List<Stage> stages) {
        Rule first = stages.getFirst().rule();
        // The stages' readings each take a moment past their seconds: the load outlasts their caps by a window, and is
        // stopped by its PID once they end.
        int total = stages.stream().mapToInt(Stage::maxSeconds).sum() + WINDOW_SECONDS;
        ManagedProcess gatling = load.startUnmeasured(properties.profile(first.rampSeconds(), Math.max(1, total - first.rampSeconds()), 0).warmup(0),
                dir.resolve(first.name()), dir.resolve(first.name() + ".log"));
        List<ExperimentResults.Prewarmed> prewarmed = new ArrayList<>();
        try {
            awaitTheLoad(gatling, first.name());
            for (Stage stage : stages) {
                stage.atStart().run();
                prewarmed.add(stage(gatling, properties, managements, processes, dir, stage));
            }
        } finally {
            load.stop(gatling);
        }
        new Drain(ServerSockets.SYSTEM, progress).await(properties.baseUrl(), managements.values());
        return prewarmed;
    }

    /**
     * A stage's seconds are seconds of load: its cap, its ramp and the windows its rule compares count from the load's
     * start, not from its load generator's, whose JVM can take most of a short cap to start on a busy machine and
     * then leave the stage's windows holding its ramp. A load generator that ends first leaves its stages nothing to read.
     */
    private void awaitTheLoad(ManagedProcess gatling, String name) {
        if (LoadStart.await(gatling, LOAD_START_WAIT).isEmpty() && gatling.isAlive() && !Thread.currentThread().isInterrupted()) {
            progress.note(name + ": its load generator's load had not started " + LOAD_START_WAIT.toSeconds() + " s after its JVM did; its seconds count from now");
        }
    }

    private ExperimentResults.Prewarmed stage(ManagedProcess gatling, LoadProperties properties, Map<String, String> managements,
                                              Map<String, ManagedProcess> processes, Path dir, Stage stage) {
        Rule rule = stage.rule();
        String name = rule.name();
        try {
            java.nio.file.Files.createDirectories(dir.resolve(name));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        CompileTimes compileTimes = new CompileTimes(managements, processes);
        compileTimes.sayWhereEachIsRead(progress);
        managements.forEach((service, management) -> {
            ActuatorLinks links = ActuatorLinks.of(management);
            progress.noteOnce("signals: " + service + "'s Actuator: " + links.asked() + (links.endpoints().isEmpty()
                    ? "; what only it knows (its pool, its server timer) is not measured; throughput, response time and errors come from the load generator"
                    : ""));
        });
        PrewarmCompilers compilers = new PrewarmCompilers(compileTimes.readable());
        PrewarmThroughput throughput = new PrewarmThroughput();
        LoadCounts counts = load.counts(gatling);
        long start = System.nanoTime();
        double elapsed = 0;
        boolean settled = false;
        Thread underLoad = null;
        // Each second's readings, so that a reader can see which criterion held the prewarm longest.
        StringBuilder trace = new StringBuilder("seconds," + String.join(",", compileTimes.readable().stream().map(s -> s + " compile ms").toList())
                + ",load generator's successes,services CPU s\n");
        try {
            while (gatling.isAlive() && elapsed < stage.maxSeconds()) {
                sleep(1000);
                elapsed = (System.nanoTime() - start) / 1e9;
                Map<String, Double> milliseconds = compileTimes.now();
                LoadCounts.Counts received = counts.read();
                double requests = received == null ? Double.NaN : received.ok();
                double cpu = processes.isEmpty() ? Double.NaN
                        : SystemStats.SYSTEM.cpuSeconds(processes.values().stream().flatMap(p -> p.handles().stream()).toList());
                throughput.add(elapsed, requests, cpu);
                compilers.add(elapsed, milliseconds);
                trace.append(String.format(Locale.ROOT, "%.1f", elapsed));
                milliseconds.values().forEach(ms -> trace.append(',').append(ms.isNaN() ? "" : String.format(Locale.ROOT, "%.0f", ms)));
                trace.append(',').append(Double.isNaN(requests) ? "" : String.format(Locale.ROOT, "%.0f", requests));
                trace.append(',').append(Double.isNaN(cpu) ? "" : String.format(Locale.ROOT, "%.2f", cpu)).append('\n');
                if (underLoad == null && elapsed >= rule.rampSeconds() + WINDOW_SECONDS / 2.0) {
                    underLoad = Thread.ofPlatform().name("prewarm-" + name + "-under-load").daemon().start(stage.underLoad());
                    continue;
                }
                if (underLoad != null && underLoad.isAlive()) continue;
                if (elapsed >= rule.minSeconds() && compilers.settled() && throughput.servicesSteady() && (!rule.throughputToo() || throughput.steady())) {
                    settled = true;
                    break;
                }
            }
        } finally {
            stopUnderLoad(underLoad, name);
            writeTrace(dir.resolve(name + "-trace.csv"), trace);
        }
        Map<String, Double> shares = compilers.shares();
        double rate = throughput.recent(), trend = throughput.trend(), cpuTrend = throughput.cpuPerRequestTrend();
        progress.note(String.format(Locale.ROOT, "%s: %.0f s of load, %s; compilers %s; %.1f req/s over the last %.0f s, %s against the %d s before%s",
                name, elapsed, settled ? "settled" : "stopped at the cap, not settled", PrewarmCompilers.describe(shares), rate, throughput.recentSeconds(),
                percent(trend), WINDOW_SECONDS, Double.isNaN(cpuTrend) && processes.isEmpty() ? ""
                        : String.format(Locale.ROOT, "; the services' CPU per request %.2f ms, %s", throughput.cpuPerRequestMs(), percent(cpuTrend))));
        return new ExperimentResults.Prewarmed(Math.round(elapsed * 10) / 10.0, settled, ExperimentResults.measured(shares), properties.users(), ExperimentResults.measured(rate),
                ExperimentResults.measured(trend));
    }

    /** At the stage's end, settled or capped: what was still running under its load stops (a jcmd in flight with it). */
    private void stopUnderLoad(Thread underLoad, String stage) {
        if (underLoad == null || !underLoad.isAlive()) return;
        underLoad.interrupt();
        try {
            underLoad.join(java.time.Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (underLoad.isAlive()) progress.note(stage + ": what ran under its load did not stop within 10 s of the stage's end");
    }

    private static String percent(double trend) {
        return Double.isNaN(trend) ? "unknown" : String.format(Locale.ROOT, "%+.1f%%", trend * 100);
    }

    /** A trace that cannot be written is a lost detail, not a lost run. */
    private void writeTrace(Path file, CharSequence trace) {
        try {
            java.nio.file.Files.writeString(file, trace);
        } catch (java.io.IOException e) {
            progress.note("prewarm: its trace could not be written to " + file + ": " + e.getMessage());
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while prewarming");
        }
    }
}
