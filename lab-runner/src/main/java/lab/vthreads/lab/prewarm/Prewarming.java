package lab.vthreads.lab.prewarm;

import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.pinning.ThreadDumps;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.run.MeasuredRun;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.RunProcesses;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A pair of JVMs' prewarms before their first measured run, in the preset's stages ({@link Prewarm}), with the thread
 * dumps a virtual cell takes rehearsed in them: on the lab's own stacks, a user's application and a target alike.
 */
public record Prewarming(Preset preset, LoadGenerators load, Progress progress, Path home) {

    /**
     * Load until the services' JIT settles, at most the preset's {@code prewarmSeconds}: the cell's own users, so that
     * the compilers see the window's load and profiles (what full load compiles, a lighter load does not; findings,
     * cpu-bound), and closed, so that a cold service does not queue what it cannot serve yet.
     */
    public ExperimentResults.Prewarmed prewarm(Endpoints endpoints, Cell cell, Path dir) throws java.io.IOException {
        int cap = preset.prewarmSeconds();
        return prewarm(endpoints, RunProcesses.NONE, cell, dir, List.of(new Prewarm.Stage(Prewarm.Rule.FIRST, cap, () -> announce(Prewarm.Rule.FIRST, cell, cap, ""),
                () -> { }))).getFirst();
    }

    /**
     * A fresh pair's prewarms, with the cell's users: first without the CEP latency (the caller has switched it off; see
     * PairOfJvms), then, where the cells have one, with it ({@code latencyOn} switches it back under the same load
     * generator), the settle rule with the gateway's throughput steady too, at most {@link #WITH_LATENCY_SECONDS}.
     * Without the second, the paths a request takes only while many of them wait on the CEP API (a full client
     * connection pool, every thread parked at once) were first compiled in the first cell's window (findings, November
     * 25, late evening). The last prewarm rehearses the cell's thread dumps.
     *
     * @param services the processes the lab started: the services' CPU per request says when they settled
     */
    public ExperimentResults.Prewarmed prewarm(Endpoints endpoints, RunProcesses services, Cell cell, Path dir, Runnable latencyOn)
            throws java.io.IOException {
        // A user's application: one prewarm, with its stubs' latency as the cells have it (the lab switches no latency
        // it does not own, so there is no stage without it).
        boolean withLatency = endpoints.cepAdmin() != null && !(cell.factors().latency() instanceof lab.vthreads.infra.cep.CepLatency.None);
        Prewarm.Rule last = withLatency ? Prewarm.Rule.WITH_LATENCY : Prewarm.Rule.FIRST;
        Runnable rehearsal = threadDumpRehearsal(services, cell, dir.resolve(last.name()), 2);
        int firstCap = preset.prewarmSeconds(), secondCap = Math.min(preset.prewarmSeconds(), WITH_LATENCY_SECONDS);
        // Where a second stage follows, the first takes the dumps that warm the dumper up, within its longer cap.
        List<Prewarm.Stage> stages = new java.util.ArrayList<>(List.of(new Prewarm.Stage(Prewarm.Rule.FIRST, firstCap,
                () -> announce(Prewarm.Rule.FIRST, cell, firstCap, ""), withLatency
                        ? threadDumpRehearsal(services, cell, dir.resolve(Prewarm.Rule.FIRST.name()), DUMPER_WARM_UP_TAKES) : rehearsal)));
        // The second stage on the same load: the latency switched on under it, with no new Gatling JVM, ramp or drain.
        if (withLatency) stages.add(new Prewarm.Stage(Prewarm.Rule.WITH_LATENCY, secondCap, () -> {
            announce(Prewarm.Rule.WITH_LATENCY, cell, secondCap, ", the CEP latency switched on under the same load");
            latencyOn.run();
        }, rehearsal));
        List<ExperimentResults.Prewarmed> done = prewarm(endpoints, services, cell, dir, stages);
        return done.size() == 1 ? done.getFirst() : done.getFirst().followedBy(done.get(1));
    }

    /** The second prewarm's cap: the first left the services compiled for everything but the waits. */
    public static final int WITH_LATENCY_SECONDS = 45;

    private void announce(Prewarm.Rule rule, Cell cell, int maxSeconds, String how) {
        progress.note(String.format(java.util.Locale.ROOT, "%s: %d users until the services' JIT and CPU per request settle, at most %d s%s",
                rule.name(), cell.users(), maxSeconds, how));
    }

    private List<ExperimentResults.Prewarmed> prewarm(Endpoints endpoints, RunProcesses services, Cell cell, Path dir,
                                                      List<Prewarm.Stage> stages) throws java.io.IOException {
        Files.createDirectories(dir);
        LoadProperties properties = LoadProperties.closed(endpoints.gateway(), home.resolve("wiremock/ceps.csv"), cell.users())
                .client(cell.factors().client()).resultsFile(dir.resolve(stages.getFirst().rule().name() + "-results.json"));
        return new Prewarm(load, progress).run(properties, endpoints.services(), services.services(), dir, stages);
    }

    /**
     * The dumps that warm the JVM's thread dumper up, per service, in the first prewarm where a second one follows: a
     * pair's later virtual cells (its A/A copy) had the gateway's compilers at work for seconds on end right after
     * their window's dump, once some ten dumps had been taken since the JVM started, where the two dumps of the last
     * prewarm had been the only ones before the first cell. Fewer where the stage's cap comes first.
     */
    static final int DUMPER_WARM_UP_TAKES = 8;

    /**
     * The thread dumps a virtual cell takes in its window, taken {@code takes} times per service during a prewarm:
     * the JVM's thread dumper is Java code, compiled at its first uses, and in the first virtual window on a pair of JVMs
     * both services' compilers jumped at the second of the first dump, where no platform cell, which takes none, paid
     * for it. Nothing where the cell takes no dumps.
     */
    private Runnable threadDumpRehearsal(RunProcesses services, Cell cell, Path dir, int takes) {
        Map<String, Long> pids = services.servicePids();
        if (!MeasuredRun.takesThreadDumps(pids, cell)) return () -> { };
        return () -> {
            for (int take = 1; take <= takes; take++) {
                for (Map.Entry<String, Long> service : pids.entrySet()) {
                    try {
                        ThreadDumps.take(service.getValue(), dir.resolve(service.getKey() + "-threads-rehearsal.json"));
                    } catch (java.io.IOException e) {
                        progress.note("prewarm: " + service.getKey() + "'s rehearsal thread dump failed (" + e.getMessage() + "); the first cell pays for the first dump");
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        };
    }

}
