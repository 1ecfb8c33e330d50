package lab.vthreads.lab.experiment;

import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.model.ScaledScenario;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.Published;
import lab.vthreads.lab.stack.Factors;

/**
 * {@code --scale} as a step: a preset and a calibration on this machine in, the preset resized to it out (its users and
 * Tomcat threads keeping the published study's thread bound to CPU bound ratio, {@link ScaledScenario}), with how.
 * Neither the preset nor the calibration changes; the run goes on with the new preset's cells.
 *
 * @param preset   the preset to run from here on
 * @param scenario how it was sized, for the progress and the report
 */
record Scaling(Preset preset, ScaledScenario scenario) {

    static Scaling of(Preset preset, Calibration calibration, Partition partition) {
        Published.Scaling published = preset.published().scaling();
        double holdSeconds = calibration.responseMs(preset.latency().meanMillis()) / 1000;
        ScaledScenario scenario = ScaledScenario.of(published.threadBound(), published.cpuBound(), published.tomcatThreads(), preset.users(),
                calibration.cpuBound(partition), holdSeconds);
        return new Scaling(preset.withUsers(scenario.users(), Factors.tomcatThreads(scenario.tomcatThreads())), scenario);
    }
}
