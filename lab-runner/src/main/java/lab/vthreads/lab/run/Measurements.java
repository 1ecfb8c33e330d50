package lab.vthreads.lab.run;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.metrics.SampleKeys;
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
public final class Measurements {

    private Measurements() {
    }

    static ExperimentResults.RepeatResult repeat(int repeat, int attempt, ClientResult client, Sampler sampler, Set<String> processNames,
                                                 String gatlingReport, double stealThreshold) {
        List<Map<String, Double>> samples = sampler.samples();
        Window window = holdWindow(client, sampler.startEpochMs());
        Map<String, ExperimentResults.ProcessUsage> processes = new LinkedHashMap<>();
        for (String name : processNames) {
            double cores = window != null ? window.mean(samples, SampleKeys.cpu(name)) : sampler.mean(SampleKeys.cpu(name));
            double rss = sampler.peak(SampleKeys.rssMb(name));
            // Not measured (no /proc, or no sample in the window) is left out, never written as 0.
            if (!Double.isNaN(cores) && !Double.isNaN(rss)) processes.put(name, new ExperimentResults.ProcessUsage(cores, rss));
        }
        ExperimentResults.Machine machine = window != null ? machineOver(window, samples) : sampler.machine();
        // When the sampler started: each sample's seconds ("t") count from there, so startedAt + t is a sample's time of day.
        return new ExperimentResults.RepeatResult(repeat, Instant.ofEpochMilli(sampler.startEpochMs()).toString(), client, sampler.server(), processes, machine, samples,
                gatlingReport, machine != null && machine.meanSteal() > stealThreshold, attempt, window, sampler.sampling(), null);
    }

    /** The machine's busy and steal shares over the window, and its speed; null where they were not measured. */
    private static ExperimentResults.Machine machineOver(Window window, List<Map<String, Double>> samples) {
        double busy = window.mean(samples, SampleKeys.MACHINE_BUSY), steal = window.mean(samples, SampleKeys.STEAL);
        return Double.isNaN(busy) ? null : new ExperimentResults.Machine(busy, Double.isNaN(steal) ? 0 : steal, SampleKeys.speedProbeMs(window, samples));
    }

    /** The load generator's hold window in the sampler's seconds; null when the load generator reported none. */
    static Window holdWindow(ClientResult client, long samplerStartEpochMs) {
        if (client.holdFromEpochMs() == null || client.holdToEpochMs() <= client.holdFromEpochMs()) return null;
        return new Window((client.holdFromEpochMs() - samplerStartEpochMs) / 1000.0, (client.holdToEpochMs() - samplerStartEpochMs) / 1000.0);
    }
}
