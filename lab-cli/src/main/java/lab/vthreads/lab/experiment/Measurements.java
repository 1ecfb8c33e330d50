package lab.vthreads.lab.experiment;

import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.metrics.Window;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one measured run amounts to: the load generator's figures and the sampler's, every per-process figure over
 * the same seconds as the throughput it is divided by, the hold window.
 */
final class Measurements {

    private Measurements() {
    }

    static ExperimentResults.RepeatResult repeat(int repeat, int attempt, ClientResult client, Sampler sampler, Set<String> processNames,
                                                 String gatlingReport, double stealThreshold) {
        List<Map<String, Double>> samples = sampler.samples();
        Window window = holdWindow(client, sampler.startEpochMs());
        Map<String, ExperimentResults.ProcessUsage> processes = new LinkedHashMap<>();
        for (String name : processNames) {
            double cores = window != null ? window.mean(samples, SampleKeys.cpu(name)) : sampler.mean(SampleKeys.cpu(name));
            processes.put(name, new ExperimentResults.ProcessUsage(zeroIfNaN(cores), zeroIfNaN(sampler.peak(SampleKeys.rssMb(name)))));
        }
        ExperimentResults.Machine machine = window != null
                ? new ExperimentResults.Machine(zeroIfNaN(window.mean(samples, SampleKeys.MACHINE_BUSY)), zeroIfNaN(window.mean(samples, SampleKeys.STEAL)))
                : sampler.machine();
        return new ExperimentResults.RepeatResult(repeat, Instant.now().toString(), client, sampler.server(), processes, machine, samples,
                gatlingReport, machine.meanSteal() > stealThreshold, attempt, window);
    }

    /** The load generator's hold window in the sampler's seconds; null when the load generator reported none. */
    static Window holdWindow(ClientResult client, long samplerStartEpochMs) {
        if (client.holdFromEpochMs() == null || client.holdToEpochMs() <= client.holdFromEpochMs()) return null;
        return new Window((client.holdFromEpochMs() - samplerStartEpochMs) / 1000.0, (client.holdToEpochMs() - samplerStartEpochMs) / 1000.0);
    }

    private static double zeroIfNaN(double value) {
        return Double.isNaN(value) ? 0 : value;
    }
}
