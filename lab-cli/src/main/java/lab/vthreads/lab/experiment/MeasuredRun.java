package lab.vthreads.lab.experiment;

import lab.vthreads.lab.load.GatlingResults;
import lab.vthreads.lab.load.GatlingRun;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.process.ManagedProcess;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One measured run against a stack that is up, whoever started it: an empty database, the cell's load with its
 * warm-up in the same Gatling run, sampling throughout, and what it all amounts to.
 *
 * @param measured the processes whose CPU and memory the lab can read (none of a stack it did not start)
 */
record MeasuredRun(Preset preset, LoadGenerators load, Progress progress, Path home, Path resultsDirectory, double stealThreshold) {

    ExperimentResults.RepeatResult measure(Endpoints endpoints, Map<String, ManagedProcess> measured, Cell cell, int repeat, int attempt, Path dir)
            throws Exception {
        if (endpoints.jdbcUrl() != null) new DatabaseReset(endpoints.jdbcUrl(), endpoints.jdbcUser(), endpoints.jdbcPassword()).truncate();
        Map<String, ManagedProcess> processes = new LinkedHashMap<>(measured);
        Path resultsFile = dir.resolve("gatling-results.json");
        // The warm-up is the same run's first seconds at full load: the services and the load generator's own JVM
        // are warm when the hold window starts (a separate warm-up left the measured Gatling JVM cold, and its JIT
        // compiling into the window moved its CPU per request by up to 27% between runs here).
        LoadProperties properties = LoadProperties.closed(endpoints.gateway(), home.resolve("wiremock/ceps.csv"), cell.users())
                .client(cell.factors().client()).profile(preset.rampUpSeconds(), preset.holdSeconds(), preset.rampDownSeconds())
                .warmup(preset.warmupSeconds()).resultsFile(resultsFile);
        ManagedProcess gatling = load.start(properties, dir.resolve("gatling"), dir.resolve("gatling.log"));
        processes.put("gatling", gatling);
        int exit;
        Sampler sampler = new Sampler(endpoints.pessoaManagement(), endpoints.gatewayManagement(), processes, progress::live);
        try {
            exit = load.await(gatling, preset.warmupSeconds() + preset.measuredSeconds() + 180L);
        } catch (IllegalStateException hung) {
            // A run that never ends (a stalled stack) is this cell's result, not the end of the experiment.
            if (load.aborted() || Thread.currentThread().isInterrupted()) throw hung;
            progress.note(cell.id() + ", repeat " + repeat + ": " + hung.getMessage() + "; recorded as a run without results");
            exit = -1;
        } finally {
            sampler.close();
            progress.endLive();
        }
        Set<String> names = new LinkedHashSet<>(processes.keySet());
        names.add(Sampler.LAB);
        return Measurements.repeat(repeat, attempt, GatlingResults.read(resultsFile, exit), sampler, names, reportOf(dir), stealThreshold);
    }

    /** Gatling's HTML report of a run, relative to the results folder; null when it wrote none. */
    private String reportOf(Path dir) {
        try {
            return resultsDirectory.relativize(GatlingRun.reportOf(dir.resolve("gatling")).resolve("index.html")).toString();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
