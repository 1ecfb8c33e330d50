package lab.vthreads.gatling;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ClosedInjectionStep;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.rampConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * What every lab simulation shares: the protocol, the injection profile from {@link LoadParameters}, the assertions,
 * the JSON results, and the "nothing lost" check that compares the 201s received with the count endpoint's increase.
 */
public abstract class LabSimulation extends Simulation {

    protected final LoadParameters load;
    protected final RunRecorder recorder;
    private Long countBefore;

    protected LabSimulation(LoadParameters load) {
        this.load = load;
        this.recorder = new RunRecorder(load.measuredFrom(), load.measuredFrom() + load.holdSeconds(), load.liveFile());
    }

    // One shared keep-alive pool, like a service's HTTP client (and k6/JMeter keeping a VU's connection): a closed-model
    // user lives for one request, and a pool per user would measure TCP handshakes instead of the service.
    protected HttpProtocolBuilder protocol() {
        return http.baseUrl(load.baseUrl())
                .contentTypeHeader("application/json")
                .acceptHeader("application/json")
                .shareConnections();
    }

    /** Ramp up, warm up and hold at full level, ramp down: concurrent users (closed) or arrivals per second (open). */
    protected PopulationBuilder inject(ScenarioBuilder scenario) {
        if (load.closed()) {
            List<ClosedInjectionStep> steps = new ArrayList<>();
            if (!load.rampUp().isZero()) steps.add(rampConcurrentUsers(0).to(load.users()).during(load.rampUp()));
            if (!load.fullLevel().isZero()) steps.add(constantConcurrentUsers(load.users()).during(load.fullLevel()));
            if (!load.rampDown().isZero()) steps.add(rampConcurrentUsers(load.users()).to(0).during(load.rampDown()));
            return scenario.injectClosed(steps);
        }
        List<OpenInjectionStep> steps = new ArrayList<>();
        if (!load.rampUp().isZero()) steps.add(rampUsersPerSec(1).to(load.rate()).during(load.rampUp()));
        if (!load.fullLevel().isZero()) steps.add(constantUsersPerSec(load.rate()).during(load.fullLevel()));
        if (!load.rampDown().isZero()) steps.add(rampUsersPerSec(load.rate()).to(1).during(load.rampDown()));
        return scenario.injectOpen(steps);
    }

    /** A failed assertion fails the run (and the Maven build). */
    protected Assertion[] assertions() {
        List<Assertion> assertions = new ArrayList<>();
        assertions.add(global().failedRequests().percent().lte(load.maxKoPercent()));
        if (load.p99Ms() != null) {
            assertions.add(global().responseTime().percentile(99).lte(load.p99Ms()));
        }
        return assertions.toArray(Assertion[]::new);
    }

    @Override
    public void before() {
        prepare();
        if (countsStoredPeople()) countBefore = PessoaCount.read(load.baseUrl());
        recorder.markStart();
    }

    /**
     * Whether the run ends with the "nothing lost" check against pessoa-service's count endpoint; a scenario for
     * another application has no such endpoint.
     */
    protected boolean countsStoredPeople() {
        return true;
    }

    /** Work a simulation needs done before the count is taken. */
    protected void prepare() {
    }

    @Override
    public void after() {
        if (!countsStoredPeople()) {
            if (load.resultsFile() != null) recorder.write(Path.of(load.resultsFile()), getClass().getSimpleName(), load, null, null);
            return;
        }
        // The results are written whatever happens next: a run whose count cannot be read is still a measurement.
        Long countAfter = null;
        RuntimeException unreadable = null;
        try {
            countAfter = PessoaCount.readSettled(load.baseUrl());
        } catch (RuntimeException e) {
            unreadable = e;
        }
        if (load.resultsFile() != null) {
            recorder.write(Path.of(load.resultsFile()), getClass().getSimpleName(), load, countBefore, countAfter);
        }
        if (unreadable != null) {
            throw new IllegalStateException("Could not check that nothing was lost: " + unreadable.getMessage(), unreadable);
        }
        long stored = countAfter - countBefore;
        if (load.shard().split()) {
            // The other parts write to the same database meanwhile: only their merged results can be checked.
            System.out.printf("%nShard %d of %d: %d × 201; the nothing-lost check runs on the merged results (./lab merge-results)%n",
                    load.shard().index(), load.shard().count(), recorder.created());
            return;
        }
        System.out.printf("%nNothing lost? 201 responses: %d, new rows (count endpoint): %d%n", recorder.created(), stored);
        if (stored != recorder.created()) {
            throw new IllegalStateException("Lost or extra writes: " + recorder.created() + " responses were 201 but the count grew by "
                    + stored + " (was anything else writing to this database?)");
        }
    }
}
