package lab.vthreads.gatling;

import io.gatling.javaapi.core.ScenarioBuilder;

import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The I/O-bound load: users ask pessoa-service (through the gateway) for one blocking downstream call, each asking
 * again as soon as answered. A request is almost all waiting, so the platform threads bound it long before the CPU.
 *
 * <pre>./mvnw gatling:test -Dgatling.simulationClass=lab.vthreads.gatling.DownstreamCallSimulation -Dusers=50</pre>
 */
public class DownstreamCallSimulation extends LabSimulation {

    public DownstreamCallSimulation() {
        super(LoadParameters.fromSystemProperties(50, 10, 60, 5, 1));

        // Scenario: one GET per user, replaced as it finishes (closed model).
        ScenarioBuilder call = scenario("Downstream call")
                .exec(http("GET /v1/io").get("/v1/io")
                        .check(status().saveAs("status"), responseTimeInMillis().saveAs("rt"), status().is(200)))
                .exec(session -> recorder.record(session, 200));

        // Injection and assertions come from the parameters (see LoadParameters).
        setUp(inject(call)).protocols(protocol()).assertions(assertions());
    }
}
