package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.core.Admin;
import com.github.tomakehurst.wiremock.extension.Parameters;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;

import java.util.List;
import java.util.Map;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

/**
 * Makes a share of all CEP lookups fail, on a running mock, through its admin API: each of the mock's fault kinds
 * (connection reset, empty response, 500, an answer slower than any client's read timeout) hits {@code rate} of the
 * lookups, chosen at random, until {@link #clear}. The stubs sit above the CEP stubs and are never written to the
 * mapping files. Needs {@link ChanceMatcher} in the mock (CepMockServer registers it).
 */
public final class CepFaultInjection {

    /** The kinds, in the order their stubs are tried. */
    public static final List<String> KINDS = List.of("connection-reset", "empty-response", "status-500", "slow-10s");

    private static final String TAG = "injected";

    private CepFaultInjection() {
    }

    /** Each kind for {@code rate} of all lookups: kind i takes the lookups whose draw falls in [i·rate, (i+1)·rate). */
    public static void inject(Admin admin, double rate) {
        if (!(rate > 0) || rate * KINDS.size() > 1) {
            throw new IllegalArgumentException("rate must be above 0 and at most 1/" + KINDS.size() + " (each kind gets that share): " + rate);
        }
        clear(admin);
        for (int i = 0; i < KINDS.size(); i++) {
            StubMapping stub = get(urlPathMatching("/ws/[0-9]{8}/json/"))
                    // Above the known (5) and unknown (8) CEPs; the fixed fault CEPs (1) keep their own behaviour.
                    .atPriority(2)
                    .andMatching(ChanceMatcher.NAME, Parameters.from(Map.of("from", i * rate, "to", (i + 1) * rate)))
                    .willReturn(response(KINDS.get(i)))
                    .withMetadata(Map.of("lab", Map.of("fault", TAG, "kind", KINDS.get(i))))
                    .persistent(false)
                    .build();
            admin.addStubMapping(stub);
        }
    }

    /** Removes every injected stub; returns how many there were. */
    public static int clear(Admin admin) {
        List<StubMapping> injected = admin.findAllStubsByMetadata(matchingJsonPath("$.lab.fault", equalTo(TAG))).getMappings();
        injected.forEach(admin::removeStubMapping);
        return injected.size();
    }

    private static ResponseDefinitionBuilder response(String kind) {
        return switch (kind) {
            case "connection-reset" -> aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER);
            case "empty-response" -> aResponse().withFault(Fault.EMPTY_RESPONSE);
            case "status-500" -> aResponse().withStatus(500).withHeader("Content-Type", "text/plain").withBody("injected fault");
            case "slow-10s" -> aResponse().withStatus(200).withHeader("Content-Type", "application/json; charset=utf-8")
                    .withBody("{\"erro\":\"true\"}").withFixedDelay(10_000);
            default -> throw new IllegalArgumentException(kind);
        };
    }
}
