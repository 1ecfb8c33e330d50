package lab.vthreads.lab.experiment;

import lab.vthreads.lab.prewarm.CompilingWindow;
import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.stack.FreePorts;
import lab.vthreads.lab.stack.StackSettings;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@link ExperimentRunner.Options} for a test, by name: a preset in {@code dir} on free ports, no calibration, no rerun on
 * steal nor on a compiling window, the partition the machine allows, the progress discarded; each test says what it changes.
 */
final class RunnerOptions {

    private final Preset preset;
    private final Path dir;
    private StackSettings.StackPorts ports = FreePorts.stack();
    private int calibrationSeconds;
    private boolean recalibrate;
    private Isolation.Request isolation = Isolation.Request.AUTO;
    private OutputStream progress = new ByteArrayOutputStream();
    private Application application;
    private Path scenario;
    private double compilingRerunAbove = CompilingWindow.NEVER;

    private RunnerOptions(Preset preset, Path dir) {
        this.preset = preset;
        this.dir = dir;
    }

    static RunnerOptions of(Preset preset, Path dir) {
        return new RunnerOptions(preset, dir);
    }

    /** Calibrated with runs of this many seconds (a calibration kept for the same fingerprint is reused). */
    RunnerOptions calibrated(int seconds) {
        calibrationSeconds = seconds;
        return this;
    }

    /** Calibrated anew, whatever is kept. */
    RunnerOptions recalibrated(int seconds) {
        calibrationSeconds = seconds;
        recalibrate = true;
        return this;
    }

    RunnerOptions ports(StackSettings.StackPorts given) {
        ports = given;
        return this;
    }

    RunnerOptions isolation(Isolation.Request request) {
        isolation = request;
        return this;
    }

    RunnerOptions progressTo(OutputStream out) {
        progress = out;
        return this;
    }

    RunnerOptions application(Application app, Path scenarioFile) {
        application = app;
        scenario = scenarioFile;
        return this;
    }

    /** Each cell measured again where a service compiled for more than {@code share} of its window (below 0: every cell). */
    RunnerOptions rerunWhileCompilingAbove(double share) {
        compilingRerunAbove = share;
        return this;
    }

    ExperimentRunner.Options build() {
        return new ExperimentRunner.Options(preset, false, ExperimentRunIT.HOME, dir, ports, 0.5, false, calibrationSeconds, recalibrate, false,
                isolation, new PrintStream(progress, true), application, scenario, compilingRerunAbove);
    }
}
