package lab.vthreads.lab.prewarm;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.DatabaseSnapshot;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.run.MeasuredRun;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.RunProcesses;
import lab.vthreads.lab.stack.SystemUnderTest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The first cell once more before it is measured, exactly as it will be (its own Gatling JVM, warm-up, window and,
 * in a virtual pair, thread dumps), its result not counted: a pair's first measured window compiled what the
 * prewarm had not (a fresh load generator's connections, the dumps, the window's own paths) after the prewarm's
 * rule had settled, and came out colder than its A/A copy on the same JVMs. Its folder keeps its files for a reader
 * who wants to see that warm-up.
 *
 * @param resultsDirectory the run's results, which progress lines name the rehearsal's folder from
 */
public record FirstCellRehearsal(LoadGenerators load, Progress progress, Path resultsDirectory) {

    /** Where the preset prewarms and keeps its pairs of JVMs for several cells: a preset with faults starts a fresh pair per cell. */
    public static boolean rehearses(Preset preset) {
        return preset.prewarmSeconds() > 0 && !preset.hasFaults();
    }

    /** @param snapshot the data every cell starts from, put back first; null where the lab empties its own tables instead */
    public ExperimentResults.Rehearsal run(MeasuredRun measuredRun, Endpoints endpoints, RunProcesses services, SystemUnderTest system, Cell cell,
                                           int repeat, Path dir, DatabaseSnapshot snapshot) throws Exception {
        if (snapshot != null) snapshot.restore();
        Files.createDirectories(dir);
        progress.note(String.format(Locale.ROOT, "rehearsal: %s once as it will be measured, not counted (%s)", cell.id(),
                resultsDirectory.relativize(dir)));
        load.requireNotAborted();
        ExperimentResults.RepeatResult run = measuredRun.measure(endpoints, services, cell, repeat, 1, dir, null, null);
        Map<String, Double> shares = CompilingWindow.shares(run, system);
        progress.note(String.format(Locale.ROOT, "rehearsal: %s, %.1f req/s; compilers %s of its window", cell.id(), run.client().throughput(),
                PrewarmCompilers.describe(shares)));
        return new ExperimentResults.Rehearsal(cell.id(), ExperimentResults.measured(run.client().throughput()), ExperimentResults.measured(shares));
    }
}
