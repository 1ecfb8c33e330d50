package lab.vthreads.lab.experiment;

import lab.vthreads.lab.calibration.CalibrationCache;
import lab.vthreads.lab.fingerprint.Fingerprints;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.TrafficTraining;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The experiment's own flows as the traffic its services' {@code aot-traffic} caches are trained on: its simulation, or
 * the user's scenario, with the cells' most users, closed, for {@link #SECONDS}, from the load generator's place. Its key
 * changes with what it sends (the simulation's code, the scenario and its payloads, the users, the seconds), so that a cache is
 * trained again when the traffic changes, and the jar's next build removes the old ones.
 */
final class TrafficTrainer implements TrafficTraining {

    /**
     * Every flow runs many times over in it at the cells' users, so each request path is loaded, linked and profiled.
     * The cache holds what ran, not compiled code: the JIT still compiles after each start, which a longer training
     * would not change.
     */
    static final int SECONDS = 30;
    private static final int RAMP_SECONDS = 2;

    private final LoadGenerators load;
    private final Progress progress;
    private final Path cepsCsv;
    private final int users;
    private final String key;

    TrafficTrainer(LoadGenerators load, Progress progress, Path home, String simulation, Path scenario, int users) {
        this.load = load;
        this.progress = progress;
        this.cepsCsv = home.resolve("wiremock/ceps.csv");
        this.users = users;
        this.key = Fingerprints.hash(simulation + " " + Fingerprints.tree(home.resolve("gatling/target/test-classes"))
                + (scenario != null ? " " + CalibrationCache.scenarioFiles(scenario) : "") + " " + users + " " + SECONDS, 12);
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public void drive(Endpoints endpoints, Path directory) throws Exception {
        Files.createDirectories(directory);
        progress.note(String.format(java.util.Locale.ROOT, "AOT caches trained on traffic: the run's flows, %d users for %d s (%s), then the services stop "
                + "and write them", users, SECONDS, directory.getFileName()));
        long start = System.nanoTime();
        ManagedProcess gatling = load.startUnmeasured(LoadProperties.closed(endpoints.gateway(), cepsCsv, users).profile(RAMP_SECONDS, SECONDS, 0)
                .resultsFile(directory.resolve("gatling-results.json")), directory, directory.resolve("gatling.log"));
        int exit = load.await(gatling, SECONDS + RAMP_SECONDS + 120L);
        // Requests that failed still loaded and ran their paths: the cache is kept, and the exit said.
        progress.note(String.format(java.util.Locale.ROOT, "AOT caches' training traffic sent in %.0f s%s", (System.nanoTime() - start) / 1e9,
                exit == 0 ? "" : "; its load generator exited with " + exit + " (see " + directory.resolve("gatling.log") + ")"));
    }
}
