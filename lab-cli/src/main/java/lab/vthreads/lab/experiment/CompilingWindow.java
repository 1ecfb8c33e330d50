package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.SampleKeys;
import lab.vthreads.lab.run.Prewarm;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whether a measured window caught the services' or the load generator's compilers at work. A prewarm and a
 * rehearsal do not make every later window warm: C2 compiles a large method once its counters cross their threshold,
 * which can first happen in the pair's first measured window, and such a compile takes seconds of the services' CPU
 * from their requests. A window whose compilers were at work for more than the prewarm's own "settled" share
 * ({@link Prewarm#SETTLED_SHARE}) measured services still warming, not the warm ones the verdict compares, and the cell
 * is measured once more on the same JVMs. The services' shares count together: their compilers take the same CPUs
 * from the same requests, so two services each just under the share took nearly twice it from the window. The load
 * generator's count too: it is a fresh JVM in every run, and when its compiles run into the window they take the CPU
 * of the CEP mock beside it and of its own timing. On a partitioned machine it has CPUs of its own, and its share is
 * judged alone; on a shared one it joins the services'.
 */
public final class CompilingWindow {

    /** The share above which a window is measured again: the prewarm's, so that "warm" means one thing in the lab. */
    public static final double RERUN_ABOVE = Prewarm.SETTLED_SHARE;

    /** Never measured again: a share is never above it. */
    public static final double NEVER = Double.POSITIVE_INFINITY;

    private CompilingWindow() {
    }

    /** The load generator's name among the shares: its process's, as the report's CPU columns spell it. */
    public static final String LOAD_GENERATOR = "gatling";

    /**
     * Each service's compile time in the run's window as a share of it, by the name the report gives the service, then
     * the load generator's where it was recorded.
     */
    static Map<String, Double> shares(ExperimentResults.RepeatResult run, boolean application) {
        Map<String, Double> shares = new LinkedHashMap<>();
        // A user's application is one JVM, whose metrics the sampler reads under pessoa-service's keys (Endpoints).
        shares.put(application ? "app" : "pessoa-service", run.compileShare(SampleKeys.PESSOA));
        if (!application) shares.put("gateway-service", run.compileShare(SampleKeys.GATEWAY));
        Double loadGenerator = run.client() != null ? run.client().loadGeneratorCompileShare() : null;
        if (loadGenerator != null) shares.put(LOAD_GENERATOR, loadGenerator);
        return shares;
    }

    /**
     * Whether the compilers that share CPUs took more than {@code rerunAbove} of the window together: the services', and
     * the load generator's with them unless {@code loadSideApart} puts it on CPUs of its own, where it is judged alone.
     * A share not measured (NaN) says nothing.
     */
    static boolean compiling(Map<String, Double> shares, double rerunAbove, boolean loadSideApart) {
        double services = 0, load = 0;
        for (Map.Entry<String, Double> share : shares.entrySet()) {
            if (share.getValue() == null || share.getValue().isNaN()) continue;
            if (share.getKey().equals(LOAD_GENERATOR)) load += share.getValue();
            else services += share.getValue();
        }
        return loadSideApart ? services > rerunAbove || load > rerunAbove : services + load > rerunAbove;
    }
}
