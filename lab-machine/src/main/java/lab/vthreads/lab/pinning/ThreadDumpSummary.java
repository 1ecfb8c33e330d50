package lab.vthreads.lab.pinning;

import java.util.List;
import java.util.Map;

/**
 * One service's thread dump (jcmd Thread.dump_to_file -format=json), as a person reads it: how many threads, how many
 * of them virtual, what state those are in, and where they wait.
 *
 * @param second          when it was taken, in the sampler's seconds ({@code t})
 * @param requestsPerSecond the gateway's throughput then (its live figure, over the last few seconds)
 * @param virtualByState  virtual threads by state: the dump's own (JDK 25), else read from the stack (JDK 21's dump has
 *                        none); "PINNED" for one parked on its carrier ({@code VirtualThread.parkOnCarrierThread})
 * @param waitingAt       the virtual threads by their innermost frame outside the JDK, most first (at most {@link ThreadDumps#TOP})
 * @param file            the dump, relative to the results folder
 */
public record ThreadDumpSummary(String service, double second, double requestsPerSecond, int threads, int virtualThreads,
                                Map<String, Integer> virtualByState, List<Waiting> waitingAt, String file) {

    public record Waiting(String frame, int threads) {
    }
}
