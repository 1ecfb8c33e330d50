package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.extension.Parameters;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.matching.MatchResult;
import com.github.tomakehurst.wiremock.matching.RequestMatcherExtension;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Matches a share of the requests at random: a request draws one number in [0, 1), and a stub with
 * {@code "from": 0.05, "to": 0.10} matches when the draw falls in that range. WireMock has no random matcher, and a
 * fault that hits a share of the lookups, not chosen CEPs, is what a failing downstream looks like.
 *
 * <p>One draw per request, not per stub: WireMock tries stubs of equal priority newest first, and with a draw per
 * stub the shares would depend on that order. Stubs whose ranges do not overlap never both match.
 */
public final class ChanceMatcher extends RequestMatcherExtension {

    public static final String NAME = "lab-chance";

    // WireMock matches one request against its stubs on one thread, one after the other, with the same Request object.
    private static final ThreadLocal<Request> LAST_REQUEST = new ThreadLocal<>();
    private static final ThreadLocal<Double> LAST_DRAW = new ThreadLocal<>();

    @Override
    public MatchResult match(Request request, Parameters parameters) {
        if (LAST_REQUEST.get() != request) {
            LAST_REQUEST.set(request);
            LAST_DRAW.set(ThreadLocalRandom.current().nextDouble());
        }
        double draw = LAST_DRAW.get();
        return MatchResult.of(draw >= number(parameters, "from") && draw < number(parameters, "to"));
    }

    private static double number(Parameters parameters, String key) {
        return ((Number) parameters.get(key)).doubleValue();
    }

    @Override
    public String getName() {
        return NAME;
    }
}
