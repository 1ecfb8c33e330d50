package lab.vthreads.gatling;

import io.gatling.javaapi.core.ScenarioBuilder;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The CPU-bound load: users ask pessoa-service (through the gateway) to count the primes in a random range, each
 * asking again as soon as answered. No request blocks, so both thread modes should serve the same throughput.
 *
 * <pre>./mvnw gatling:test -Dgatling.simulationClass=lab.vthreads.gatling.CountPrimesSimulation -Dusers=50</pre>
 */
public class CountPrimesSimulation extends LabSimulation {

    // About 700 primes to test by trial division per request: a few ms of CPU, more than the rest of the path costs.
    private static final long RANGE = Long.getLong("primesRange", 10_000);
    private static final long LOWEST = 1_000_000;

    public CountPrimesSimulation() {
        super(LoadParameters.fromSystemProperties(50, 10, 60, 5, 1));

        // Feeder: a random range of RANGE numbers above a million.
        Iterator<Map<String, Object>> ranges = Stream.generate(() -> {
            long from = LOWEST + ThreadLocalRandom.current().nextLong(LOWEST);
            return Map.<String, Object>of("from", from, "to", from + RANGE);
        }).iterator();

        // Scenario: one GET per user, replaced as it finishes (closed model).
        ScenarioBuilder countPrimes = scenario("Count primes")
                .feed(ranges)
                .exec(http("GET /v1/primes").get("/v1/primes?from=#{from}&to=#{to}")
                        .check(status().saveAs("status"), responseTimeInMillis().saveAs("rt"), status().is(200)))
                .exec(session -> recorder.record(session, 200));

        // Injection and assertions come from the parameters (see LoadParameters).
        setUp(inject(countPrimes)).protocols(protocol()).assertions(assertions());
    }
}
