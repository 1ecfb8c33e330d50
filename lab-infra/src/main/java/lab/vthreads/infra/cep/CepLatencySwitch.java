package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.core.Admin;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;

import java.util.List;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;

/**
 * Switches the latency of the CEP lookups on a running WireMock, through its admin API, without touching the
 * mapping files: the stubs that carry {@code "metadata": {"lab": {"latency": "cep"}}} get the new delay.
 * Works on an in-process server and, through {@code HttpAdminClient}, on a remote one (compose, {@code ./lab up}).
 */
public final class CepLatencySwitch {

    private CepLatencySwitch() {
    }

    /** Applies the latency and returns how many stubs it changed; fails if the mappings carry none to change. */
    public static int apply(Admin admin, CepLatency latency) {
        List<StubMapping> stubs = admin.findAllStubsByMetadata(matchingJsonPath("$.lab.latency", equalTo("cep"))).getMappings();
        if (stubs.isEmpty()) {
            throw new IllegalStateException("No CEP stub carries metadata lab.latency=cep: are the wiremock/ mappings loaded?");
        }
        return apply(admin, latency, stubs);
    }

    /**
     * A user's stubs, which carry no lab metadata: the latency on every one of them, replacing their own delays; none
     * leaves those as the files give them.
     */
    public static int applyToAll(Admin admin, CepLatency latency) {
        if (latency instanceof CepLatency.None) return 0;
        return apply(admin, latency, admin.listAllStubMappings().getMappings());
    }

    private static int apply(Admin admin, CepLatency latency, List<StubMapping> stubs) {
        for (StubMapping stub : stubs) {
            ResponseDefinitionBuilder response = ResponseDefinitionBuilder.like(stub.getResponse())
                    .withFixedDelay(latency instanceof CepLatency.FixedLatency(int millis) ? millis : null)
                    .withRandomDelay(latency.distribution());
            stub.setResponse(response.build());
            // Never write the change back to the repository's mapping files.
            stub.setPersistent(false);
            admin.editStubMapping(stub);
        }
        return stubs.size();
    }
}
