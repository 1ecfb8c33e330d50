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
        if (userStubs) CepLatencySwitch.applyToAll(admin, cells);
        else CepLatencySwitch.apply(admin, cells);
    }

    /** None for the first prewarm, on the lab's CEP API only. */
    public void offForPrewarm() {
        if (admin != null && !userStubs) CepLatencySwitch.apply(admin, new CepLatency.None());
    }

    /** What the progress line says of the prewarm's latency. */
    public String prewarmNote() {
        if (userStubs) return "prewarm on every CPU" + (admin != null ? ", with the stubs' latency as the cells have it" : "");
        return "prewarm on every CPU with no CEP latency" + (cells instanceof CepLatency.None ? ", as the cells" : ", then with the cells' " + cells.text());
    }
}
