package lab.vthreads.lab.experiment;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.StackPlan;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.FirstAttempt;
import lab.vthreads.lab.measured.StageClock;
import lab.vthreads.lab.measured.StageClock.Stage;
import lab.vthreads.lab.run.DatabaseSnapshot;
import lab.vthreads.lab.run.DownstreamLatency;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.run.MeasuredRun;
import lab.vthreads.lab.prewarm.CompilingWindow;
import lab.vthreads.lab.prewarm.FirstCellRehearsal;
import lab.vthreads.lab.prewarm.PrewarmCompilers;
import lab.vthreads.lab.prewarm.Prewarming;
import lab.vthreads.lab.run.ScenarioCheck;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.FirstPass;
import lab.vthreads.lab.stack.RunProcesses;
import lab.vthreads.lab.faults.FaultInjector;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One pair of fresh service JVMs for a group of cells ({@link StackPlan.Group}): started with the first cell's settings
 * (the group's cells share them but for their users), the data every cell starts from taken, a user's scenario tried
 * once per experiment, prewarmed, each cell measured on them in turn, the work after its cells (the calibration on
 * warm services), and stopped.
 */
final class PairOfJvms {

    /** Work on a pair of JVMs after its cells, before it stops. */
    @FunctionalInterface
    interface AfterCells {
        void run(DatabaseSnapshot snapshot) throws Exception;
    }

    /** What an experiment's pairs have measured so far, and what they have done once for all. */
    static final class Tally {
        private final Map<Cell, List<ExperimentResults.RepeatResult>> results = new LinkedHashMap<>();
        private final Map<Cell, List<String>> failures = new LinkedHashMap<>();
        private final Map<Cell, List<ExperimentResults.ColdStart>> coldStarts = new LinkedHashMap<>();
        private final ColdStarts judged = new ColdStarts();
        private int runsDone;

        Tally(List<Cell> cells) {
            cells.forEach(c -> results.put(c, new ArrayList<>()));
        }

        Map<Cell, List<ExperimentResults.RepeatResult>> results() {
            return results;
        }

        Map<Cell, List<String>> failures() {
            return failures;
        }

        Map<Cell, List<ExperimentResults.ColdStart>> coldStarts() {
            return coldStarts;
        }

        /** @throws StartFailure where every pair answered the scenario, none as it expects ({@link ColdStarts}) */
        void requireScenarioServedSomewhere() {
            judged.requireScenarioServedSomewhere();
        }
    }

    private final ExperimentRunner.Options options;
    private final Preset preset;
    private final List<Cell> cells;
    private final LoadGenerators load;
    private final Progress progress;
    private final Isolation isolation;
    private final Instant started;
    private final Tally tally;
    private final StageClock clock;

    /** @param started when the experiment started, for the progress lines */
    PairOfJvms(ExperimentRunner.Options options, Preset preset, List<Cell> cells, LoadGenerators load, Progress progress, Isolation isolation,
               Instant started, Tally tally, StageClock clock) {
        this.options = options;
        this.preset = preset;
        this.cells = cells;
        this.load = load;
        this.progress = progress;
        this.isolation = isolation;
        this.started = started;
        this.tally = tally;
        this.clock = clock;
    }

    void run(RunningStack stack, StackSettings base, StackPlan.Group group, int repeat, AfterCells afterCells) throws Exception {
        Cell first = group.first();
        Path stackDir = options.resultsDirectory().resolve("cells").resolve(first.id()).resolve("r" + repeat);
        Files.createDirectories(stackDir);
        StackSettings settings = base.with(first.mode(), first.factors(), stackDir);
        DownstreamLatency latency = DownstreamLatency.of(settings);
        latency.forCells();
        load.requireNotAborted();
        try {
            clock.time(Stage.SERVICES, () -> stack.startServices(settings));
        } catch (StartFailure e) {
            // Services that cannot start (a bad factor, a port) must not cost the other groups their results.
            if (load.aborted()) throw e;
            didNotRun(group, repeat, e.getMessage());
            return;
        }
        boolean hung = false;
        try {
            if (group.cells().size() > 1) progress.note("services for " + String.join(", ", group.order()) + ", in that order");
            stack.exposures().forEach((service, where) -> progress.noteOnce("Warning: " + service + " " + where));
            DatabaseSnapshot snapshot = DatabaseSnapshot.ofApplication(settings, progress);
            // The first pass, before the prewarm's users (a user's application's, unless --first-pass says otherwise):
            // each flow once. It finds a scenario the application does not serve, and it loads the classes those
            // requests need a few requests at a time, since a cold virtual-thread JVM handed all its users at once can
            // deadlock there (every carrier pinned in class loading, blocked on a lock that an unmounted virtual thread
            // holds; findings). That pass can hang too: then the hang is this mode's result, not the scenario's fault
            // (ColdStarts). What it writes goes with the snapshot's restore before the first cell.
            FirstPass pass = settings.firstPass();
            if (!pass.sends() && settings.system().firstPass().sends()) {
                progress.noteOnce("first pass: none (--first-pass none): the scenario is not tried against the application before its prewarm");
            }
            if (pass.sends()) {
                Map<String, Long> pids = RunProcesses.of(stack.processes()).servicePids();
                ExperimentResults.ColdStart failed = clock.time(Stage.SCENARIO_CHECK, () -> tally.judged.judge(
                        ScenarioCheck.run(load, pass, options.flows(), Endpoints.of(settings), options.home().resolve("wiremock/ceps.csv"), stackDir,
                                progress, pids), repeat, pids, first.id() + ", repeat " + repeat, stackDir, options.resultsDirectory(), progress));
                if (failed != null) {
                    group.cells().forEach(cell -> tally.coldStarts.computeIfAbsent(cell, c -> new ArrayList<>()).add(failed));
                    didNotRun(group, repeat, failed.text());
                    hung = failed.hung();
                    return;
                }
            }
            MeasuredRun measuredRun = new MeasuredRun(preset, load, progress, options.home(), options.resultsDirectory(), options.stealThreshold(), isolation, stack::speed);
            // Before the first cell: what the prewarm writes goes with the database's reset.
            ExperimentResults.Prewarmed prewarmed = preset.prewarmSeconds() <= 0 ? null
                    : clock.time(Stage.PREWARM, () -> prewarm(stack, settings, first, stackDir, latency));
            if (prewarmed != null && FirstCellRehearsal.rehearses(preset)) {
                prewarmed = prewarmed.rehearsed(clock.time(Stage.REHEARSAL,
                        () -> new FirstCellRehearsal(load, progress, options.resultsDirectory()).run(measuredRun, Endpoints.of(settings),
                                RunProcesses.of(stack.processes()), settings.system(), first, repeat, stackDir.resolve("rehearsal"), snapshot)));
            }
            for (int i = 0; i < group.cells().size(); i++) {
                Cell cell = group.cells().get(i);
                ExperimentResults.StackUse use = new ExperimentResults.StackUse(i + 1, group.order(), null, stack.launches());
                ExperimentResults.RepeatResult result = clock.time(Stage.CELLS, () -> runWithChecks(stack, settings, measuredRun, cell, repeat, use, snapshot));
                tally.results.get(cell).add(prewarmed == null ? result : result.withPrewarm(prewarmed));
            }
            if (afterCells != null) afterCells.run(snapshot);
        } finally {
            boolean dumped = hung;
            clock.time(Stage.SERVICES, () -> {
                if (dumped) stack.killServices();
                else stack.stopServices();
            });
        }
    }

    /** Every cell of the group, this repeat: counted as done, with the reason it did not run. */
    private void didNotRun(StackPlan.Group group, int repeat, String why) {
        for (Cell cell : group.cells()) {
            progress.didNotRun(cell.id(), repeat, why);
            tally.failures.computeIfAbsent(cell, c -> new ArrayList<>()).add("repeat " + repeat + ": " + why);
            tally.runsDone++;
        }
    }

    /**
     * On every CPU, since the prewarm measures nothing and ends when the compilers do, which on the services' one CPU,
     * shared with their request threads, takes far longer (see RunningStack#onEveryCpu). First with no CEP latency, as the
     * calibration: the JIT compiles a method once it has run thousands of times, so a thread-bound platform pair warmed
     * at its cells' throughput stays far less compiled than the virtual pair; without the latency both modes serve
     * what the CPU allows while they warm. Then a shorter one with the cells' latency: what only many requests waiting
     * at once compile (Prewarming#prewarm).
     */
    private ExperimentResults.Prewarmed prewarm(RunningStack stack, StackSettings settings, Cell first, Path stackDir, DownstreamLatency latency) {
        return stack.onEveryCpu(() -> {
            latency.offForPrewarm();
            progress.note(latency.prewarmNote());
            try {
                return new Prewarming(preset, load, progress, options.home()).prewarm(Endpoints.of(settings), RunProcesses.of(stack.processes()), first,
                        stackDir, latency::forCells);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            } finally {
                latency.forCells();
            }
        });
    }

    /**
     * A run measured once more, on the same JVMs, where its window did not measure what it should: the hypervisor stole
     * CPU, or (on a pair that prewarms and keeps its JVMs) a service's compilers were still at work (CompilingWindow).
     * Once only: a second window that compiled too is kept, and the report shows its share.
     */
    private ExperimentResults.RepeatResult runWithChecks(RunningStack stack, StackSettings settings, MeasuredRun measuredRun, Cell cell, int repeat,
                                                         ExperimentResults.StackUse use, DatabaseSnapshot snapshot) throws Exception {
        ExperimentResults.RepeatResult result = runCell(stack, settings, measuredRun, cell, repeat, 1, use, snapshot);
        if (result.stealFlagged() && options.rerunOnSteal()) {
            progress.runningAgain(cell.id(), result.machine().meanSteal(), options.stealThreshold());
            return runCell(stack, settings, measuredRun, cell, repeat, 2, use, snapshot);
        }
        Map<String, Double> shares = CompilingWindow.shares(result, settings.system());
        if (FirstCellRehearsal.rehearses(preset) && CompilingWindow.compiling(shares, options.compilingRerunAbove())) {
            progress.runningAgainWhileCompiling(cell.id(), PrewarmCompilers.describe(shares), options.compilingRerunAbove());
            FirstAttempt first = new FirstAttempt(
                    options.resultsDirectory().relativize(cellDirectory(cell, repeat, 1)).toString(), result.client().throughput(),
                    ExperimentResults.measured(shares));
            return runCell(stack, settings, measuredRun, cell, repeat, 2, use, snapshot).replacing(first);
        }
        return result;
    }

    private Path cellDirectory(Cell cell, int repeat, int attempt) {
        return options.resultsDirectory().resolve("cells").resolve(cell.id()).resolve("r" + repeat + (attempt > 1 ? "-again" : ""));
    }

    private ExperimentResults.RepeatResult runCell(RunningStack stack, StackSettings settings, MeasuredRun measuredRun, Cell cell, int repeat, int attempt,
                                                   ExperimentResults.StackUse use, DatabaseSnapshot snapshot) throws Exception {
        // The prewarm's and an earlier cell's writes go: every cell starts from the same data.
        if (snapshot != null) snapshot.restore();
        int total = cells.size() * preset.repeat();
        Path dir = cellDirectory(cell, repeat, attempt);
        Files.createDirectories(dir);
        // A second attempt is the same run, numbered as the first: the count and the time left are the cells'.
        int done = attempt > 1 ? tally.runsDone - 1 : tally.runsDone;
        progress.cellStarting(Math.min(total, done + 1), total, cell.id(), repeat, Duration.between(started, Instant.now()),
                new RunTimeEstimate(preset, cells).left(done));
        load.requireNotAborted();
        ExperimentResults.RepeatResult result = measuredRun.measure(Endpoints.of(settings), RunProcesses.of(stack.processes()), cell, repeat, attempt, dir,
                !preset.hasFaults() ? null : processes -> new FaultInjector(stack, settings, preset.faults(), processes, progress::note), use);
        if (attempt == 1) tally.runsDone++;
        return result;
    }
}
