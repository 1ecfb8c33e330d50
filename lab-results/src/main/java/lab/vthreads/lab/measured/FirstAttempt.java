package lab.vthreads.lab.measured;

import java.util.Map;

/**
 * A measured run's first attempt, run again on the same JVMs because its window did not measure warm services: kept,
 * with its folder, so that a reader sees what the second attempt replaced.
 *
 * @param folder        its files, relative to the results folder
 * @param throughput    its gateway's successful requests per second in its window
 * @param compileShares each service's compile time (elapsed) in its window, as a share of it
 */
public record FirstAttempt(String folder, double throughput, Map<String, Double> compileShares) {
}
