package lab.vthreads.lab.prewarm;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.stack.SystemUnderTest;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whether a measured window caught a service's compilers at work. A prewarm and a rehearsal do not make every later
 * window warm: C2 compiles a large method once its counters cross their threshold, which can first happen in the
 * pair's first measured window, and such a compile takes seconds of the services' CPU from their requests. A window
 * whose compilers were at work for more than the prewarm's own "settled" share ({@link lab.vthreads.lab.measured.ExperimentResults.Prewarmed#SETTLED_SHARE}) measured
 * services still warming, not the warm ones the verdict compares, and the cell is measured once more on the same JVMs.
 * The services' shares count together: their compilers take the same CPUs from the same requests, so two services each
 * just under the share took nearly twice it from the window.
 */
public final class CompilingWindow {

    /** The share above which a window is measured again: the prewarm's, so that "warm" means one thing in the lab. */
    public static final double RERUN_ABOVE = lab.vthreads.lab.measured.ExperimentResults.Prewarmed.SETTLED_SHARE;

    /** Never measured again: a share is never above it. */
    public static final double NEVER = Double.POSITIVE_INFINITY;

    private CompilingWindow() {
    }

    /** Each service's compile time in the run's window as a share of it, by the name the report gives the service. */
    public static Map<String, Double> shares(ExperimentResults.RepeatResult run, SystemUnderTest system) {
        Map<String, Double> shares = new LinkedHashMap<>();
        system.samplePrefixes().forEach((service, prefix) -> shares.put(service, run.compileShare(prefix)));
        return shares;
    }

    /** Whether the services together compiled for more than {@code rerunAbove} of the window; a share not measured (NaN) says nothing. */
    public static boolean compiling(Map<String, Double> shares, double rerunAbove) {
        double together = shares.values().stream().filter(share -> share != null && !share.isNaN()).mapToDouble(Double::doubleValue).sum();
        return together > rerunAbove;
    }
}
