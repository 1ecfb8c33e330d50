package lab.vthreads.lab.run;

import com.github.tomakehurst.wiremock.client.HttpAdminClient;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.cep.CepLatencySwitch;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.SystemUnderTest;

/**
 * The slow downstream's latency, as a pair of JVMs needs it: the lab's CEP API gets the cells' latency, switched off
 * for the first prewarm (see the experiment package's PairOfJvms); a user's stubs get the cells' latency on every stub (none:
 * their own delays) and are never switched off, the lab knowing nothing of what they stand for; an application
 * without stubs has nothing to switch.
 */
public final class DownstreamLatency {

    private final HttpAdminClient admin;
    private final boolean userStubs;
    private final CepLatency cells;

    private DownstreamLatency(HttpAdminClient admin, boolean userStubs, CepLatency cells) {
        this.admin = admin;
        this.userStubs = userStubs;
        this.cells = cells;
    }

    public static DownstreamLatency of(StackSettings settings) {
        SystemUnderTest.Downstream downstream = settings.system().downstream();
        HttpAdminClient admin = downstream.wiremock() ? new HttpAdminClient("127.0.0.1", settings.ports().wiremock()) : null;
        return new DownstreamLatency(admin, downstream != SystemUnderTest.Downstream.CEP_API, settings.cepLatency());
    }

    /** The cells' latency. */
    public void forCells() {
        if (admin == null) return;
        if (userStubs) switching(() -> CepLatencySwitch.applyToAll(admin, cells));
        else switching(() -> CepLatencySwitch.apply(admin, cells));
    }

    /** None for the first prewarm, on the lab's CEP API only. */
    public void offForPrewarm() {
        if (admin != null && !userStubs) switching(() -> CepLatencySwitch.apply(admin, new CepLatency.None()));
    }

    /**
     * A switch asked again once when the mock's admin API closed the connection without an answer: the switch reads
     * the stubs and writes each one's latency, so asking twice sets what asking once does, and one lost answer would
     * otherwise cost a calibration or a pair of JVMs its run. WireMock's admin client opens a connection per request,
     * so the second asks on a new one. Anything else, or a second failure, is the run's.
     */
    static void switching(Runnable change) {
        try {
            change.run();
        } catch (Exception e) {
            if (!lostConnection(e)) throw e;
            sleep();
            try {
                change.run();
            } catch (Exception again) {
                again.addSuppressed(e);
                throw again;
            }
        }
    }

    /** WireMock's client throws its I/O exceptions unchecked, as they are or wrapped. */
    static boolean lostConnection(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof java.io.IOException) return true;
        }
        return false;
    }

    private static void sleep() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while switching the downstream latency", e);
        }
    }

    /** What the progress line says of the prewarm's latency. */
    public String prewarmNote() {
        if (userStubs) return "prewarm on every CPU" + (admin != null ? ", with the stubs' latency as the cells have it" : "");
        return "prewarm on every CPU with no CEP latency" + (cells instanceof CepLatency.None ? ", as the cells" : ", then with the cells' " + cells.text());
    }
}
