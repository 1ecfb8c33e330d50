package lab.vthreads.gatling;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import lab.vthreads.infra.load.LoadProperty;
import lab.vthreads.scenario.Flow;
import lab.vthreads.scenario.Scenario;
import lab.vthreads.scenario.ScenarioReader;
import lab.vthreads.scenario.ScenarioUsers;
import lab.vthreads.scenario.Step;
import lab.vthreads.scenario.Template;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.doSwitch;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.exitHereIfFailed;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.onCase;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * Any application's load, from a scenario file ({@code -Dscenario=FILE}, see docs/scenarios.md): each user takes its
 * payload rows, picks a flow and runs its steps in order, one HTTP exchange per step (redirects are not followed: a
 * 302 is the answer a step expects or not). A request that fails ends its user's flow, since a later step may need
 * what it would have captured. The workload is the lab's, from {@link LoadParameters}.
 *
 * <pre>./mvnw gatling:test -Dgatling.simulationClass=lab.vthreads.gatling.ScenarioSimulation -Dscenario=$PWD/examples/petclinic/scenario.yaml -DbaseUrl=http://127.0.0.1:8080</pre>
 */
public class ScenarioSimulation extends LabSimulation {

    private final Scenario scenario;

    public ScenarioSimulation() {
        super(LoadParameters.fromSystemProperties(10, 5, 60, 5, 1));

        // The scenario, checked whole before the first user starts (the lab checks it before any JVM, with the same reader).
        String file = LoadProperty.SCENARIO.value(null);
        if (file == null || file.isBlank()) throw new IllegalArgumentException("-Dscenario=FILE names the scenario to run (docs/scenarios.md)");
        Scenario scenario = ScenarioReader.read(Path.of(file));
        this.scenario = scenario;

        // Feeder: each new user's payload rows, $unique, $uuid and the flow it runs; in the check, flow after flow.
        ScenarioUsers users = new ScenarioUsers(scenario, load.shard().index(), load.shard().count());
        boolean check = LoadProperty.SCENARIO_CHECK.isTrue();
        AtomicInteger checked = new AtomicInteger();

        // Scenario: the user's flow, chosen by index; the closed model replaces each user as it leaves.
        List<Flow> flows = scenario.flows();
        // Gatling's switch needs two cases at least: a single flow is run as it is.
        ChainBuilder pick = flows.size() == 1 ? flow(flows.getFirst()) : doSwitch("#{" + ScenarioUsers.FLOW + "}").on(IntStream.range(0, flows.size())
                .mapToObj(i -> onCase(i).then(flow(flows.get(i)))).toList());
        Iterator<Map<String, Object>> feeder = Stream.generate(() -> {
            Map<String, Object> user = users.next();
            if (check) user.put(ScenarioUsers.FLOW, checked.getAndIncrement() % flows.size());
            return user;
        }).iterator();
        String name = scenario.file().getFileName().toString();
        ScenarioBuilder run = scenario(name).feed(feeder).exec(pick);

        // Injection and assertions come from the parameters (see LoadParameters); the check is its users at once, the
        // flows in turn, or one user per flow, each after the one before has finished.
        int checkUsers = Math.max(flows.size(), LoadProperty.SCENARIO_CHECK_USERS.intValue(1));
        PopulationBuilder population = !check ? inject(run) : LoadProperty.SCENARIO_CHECK_IN_TURN.isTrue() ? oneAfterAnother(name, feeder, flows)
                : run.injectOpen(atOnceUsers(checkUsers));
        setUp(population).protocols(protocol()).assertions(assertions());
    }

    /** One user per flow, each started when the one before has finished: one first request at a time. */
    private PopulationBuilder oneAfterAnother(String name, Iterator<Map<String, Object>> feeder, List<Flow> flows) {
        PopulationBuilder chain = null;
        for (int i = flows.size() - 1; i >= 0; i--) {
            PopulationBuilder one = scenario(name + " flow " + (i + 1)).feed(feeder).exec(flow(flows.get(i))).injectOpen(atOnceUsers(1));
            chain = chain == null ? one : one.andThen(chain);
        }
        return chain;
    }

    @Override
    protected boolean countsStoredPeople() {
        return false;
    }

    /** Any content, as a browser or a client would take it; each request's own body says its type. */
    @Override
    protected HttpProtocolBuilder protocol() {
        return http.baseUrl(load.baseUrl()).acceptHeader("*/*").disableFollowRedirect().shareConnections();
    }

    private ChainBuilder flow(Flow flow) {
        List<ChainBuilder> steps = new ArrayList<>();
        for (Step step : flow.steps()) {
            switch (step) {
                case Step.Think think -> steps.add(exec(pause(think.duration())));
                case Step.Request request -> steps.add(exec(request(request))
                        .exec(session -> recorder.record(session, request::succeeded, expected(request), request.name()))
                        .exec(exitHereIfFailed()));
            }
        }
        return exec(steps);
    }

    private HttpRequestActionBuilder request(Step.Request request) {
        HttpRequestActionBuilder http = http(request.name()).httpRequest(request.method(), session -> path(fill(request.url(), session)));
        for (var header : request.headers().entrySet()) {
            http = http.header(header.getKey(), session -> fill(header.getValue(), session));
        }
        if (request.body().contentType() != null) {
            if (request.headers().keySet().stream().noneMatch(h -> h.equalsIgnoreCase("Content-Type"))) {
                http = http.header("Content-Type", request.body().contentType());
            }
            http = http.body(StringBody(session -> request.body().render(t -> fill(t, session))));
        }
        List<CheckBuilder> checks = new ArrayList<>(List.of(status().saveAs("status"), responseTimeInMillis().saveAs("rt"),
                header("Content-Type").optional().saveAs("contentType"), status().in(List.copyOf(request.expect()))));
        for (Step.Capture capture : request.captures()) {
            checks.add(capture.source() == Step.Capture.Source.HEADER ? header(capture.expression()).saveAs(capture.as())
                    : jsonPath(capture.expression()).saveAs(capture.as()));
        }
        return http.check(checks);
    }

    private static String fill(Template template, Session session) {
        return template.render(name -> session.contains(name) ? String.valueOf((Object) session.get(name)) : null, ThreadLocalRandom.current());
    }

    /**
     * A captured absolute URL on the service under load becomes its path; anything else elsewhere is refused. The path
     * goes under the scenario's target (its context path) unless it is there already.
     */
    private String path(String url) {
        if (url.startsWith(load.baseUrl())) url = url.substring(load.baseUrl().length());
        if (!url.startsWith("/")) throw new IllegalStateException("'" + url + "' is not a path on the service under load (" + load.baseUrl() + ")");
        return scenario.onTarget(url);
    }

    private static String expected(Step.Request request) {
        var statuses = request.expect().stream().sorted().toList();
        return statuses.size() == 100 && statuses.getFirst() == 200 ? "2xx" : statuses.toString();
    }
}
