package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.TargetDescription;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.RunIdentity;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.run.MeasuredRun;
import lab.vthreads.lab.prewarm.Prewarming;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.RunProcesses;
import com.github.tomakehurst.wiremock.client.HttpAdminClient;
import lab.vthreads.infra.cep.CepLatencySwitch;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.isolation.Isolations;
import lab.vthreads.lab.process.StartFailure;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import lab.vthreads.lab.measured.StageClock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a preset against stacks the lab does not start (./lab run --target): the same cells, repeats, measured runs
 * and report as {@link ExperimentRunner}, with nothing started or stopped but Gatling. What needs a stack the lab
 * owns (the calibration, per-process CPU of the services, the CPU partition, factors other than the thread mode and
 * the CEP latency) is recorded as unavailable or unapplied, not guessed.
 */
public final class ExternalRunner {

    public record Options(Preset preset, boolean shortVariant, Path home, Path resultsDirectory, Path targetFile, double stealThreshold,
                          PrintStream out) {
    }

    private static final Duration HEALTHY_WITHIN = Duration.ofSeconds(60);

    private final Options options;
    private final ExternalTarget target;
    private final Progress progress;
    private final Instant started = Instant.now();
    private final StageClock clock = new StageClock();
    private volatile LoadGenerators load;

    public ExternalRunner(Options options) {
        this.options = options;
        this.target = ExternalTarget.read(options.targetFile());
        this.progress = new Progress(options.out());
        options.preset().cells().forEach(cell -> target.of(cell.mode()));
    }

    /** Stops the load generator, the only process this runner starts. */
    public void abort() {
        LoadGenerators generators = load;
        if (generators != null) generators.abort();
    }

    public ExperimentResults run() throws Exception {
        Preset preset = options.preset();
        if (preset.hasFaults()) {
            throw new IllegalArgumentException("Preset " + preset.name() + " injects faults by stopping and starting the lab's own components: "
                    + "it cannot run against a stack the lab did not start (drop --target)");
        }
        if (preset.startupChecks() > 0) {
            throw new IllegalArgumentException("The start-up check starts the services' JVMs again and again, which a stack the lab did not start "
                    + "cannot be: drop --startup-checks, or --target");
        }
        Files.createDirectories(options.resultsDirectory());
        List<String> unapplied = target.unapplied(preset.cells());
        unapplied.forEach(u -> progress.note("Not applied to a stack the lab did not start (its own setting applies): " + u));
        TargetDescription description = target.describe(options.targetFile(), unapplied);
        Map<Cell, List<ExperimentResults.RepeatResult>> results = new LinkedHashMap<>();
        Map<Cell, List<String>> failures = new LinkedHashMap<>();
        preset.cells().forEach(c -> results.put(c, new ArrayList<>()));
        try (Isolation isolation = Isolations.external()) {
            load = new LoadGenerators(options.home(), preset.simulation(), isolation.prefix("gatling"));
            MeasuredRun measuredRun = new MeasuredRun(preset, load, progress, options.home(), options.resultsDirectory(), options.stealThreshold(), isolation, java.util.Optional::empty);
            int total = preset.cells().size() * preset.repeat(), done = 0;
            for (int r = 1; r <= preset.repeat(); r++) {
                int repeat = r;
                for (Cell cell : preset.cells()) {
                    progress.cellStarting(++done, total, cell.id(), repeat, Duration.between(started, Instant.now()), Duration.ZERO);
                    try {
                        results.get(cell).add(clock.time(StageClock.Stage.CELLS, () -> runCell(measuredRun, cell, repeat)));
                    } catch (StartFailure e) {
                        if (load.aborted()) throw e;
                        progress.didNotRun(cell.id(), repeat, e.getMessage());
                        failures.computeIfAbsent(cell, c -> new ArrayList<>()).add("repeat " + repeat + ": " + e.getMessage());
                    }
                }
            }
            return ExperimentResults.assemble(preset, options.shortVariant(), started, Environments.describeExternal(options.home(), description),
                    Map.of(), cell -> target.of(cell.mode()).implementation(), cell -> target.of(cell.mode()).sampleNames(), null, isolation.partition(), results, failures,
                    Map.of(), List.of(), description, RunIdentity.of(options.home(), target.of(preset.cells().getFirst().mode()), null, isolation.partition(),
                            isolation.partition().machineCpuCount()), clock);
        }
    }

    private ExperimentResults.RepeatResult runCell(MeasuredRun measuredRun, Cell cell, int repeat) throws Exception {
        Endpoints endpoints = target.of(cell.mode()).endpoints();
        Path dir = options.resultsDirectory().resolve("cells").resolve(cell.id()).resolve("r" + repeat);
        Files.createDirectories(dir);
        if (endpoints.cepAdmin() != null) {
            URI admin = URI.create(endpoints.cepAdmin());
            CepLatencySwitch.apply(new HttpAdminClient(admin.getScheme(), admin.getHost(), admin.getPort()), cell.factors().latency());
        }
        awaitHealthy(endpoints.pessoaManagement());
        awaitHealthy(endpoints.gatewayManagement());
        // The target's services run on between cells: each cell prewarms them, as with the lab's own when shared.
        ExperimentResults.Prewarmed prewarmed = options.preset().prewarmSeconds() > 0
                ? new Prewarming(options.preset(), load, progress, options.home()).prewarm(endpoints, cell, dir) : null;
        ExperimentResults.RepeatResult result = measuredRun.measure(endpoints, RunProcesses.NONE, cell, repeat, 1, dir);
        return prewarmed == null ? result : result.withPrewarm(prewarmed);
    }

    /** The target's services, as the lab waits for its own. */
    private static void awaitHealthy(String management) {
        lab.vthreads.lab.process.HealthCheck.awaitHttp200(management + "/actuator/health", HEALTHY_WITHIN);
    }
}
