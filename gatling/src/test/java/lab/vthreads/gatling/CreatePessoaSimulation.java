package lab.vthreads.gatling;

import lab.vthreads.infra.testdata.Cpfs;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The main load: users post valid, unique people (1–3 addresses from the mock's known CEPs), each sending the next
 * as soon as the last is answered.
 *
 * <pre>./mvnw gatling:test -Dusers=200 -DrampUp=10 -Dhold=60 -DrampDown=5</pre>
 */
public class CreatePessoaSimulation extends LabSimulation {

    public CreatePessoaSimulation() {
        this(LoadParameters.fromSystemProperties(100, 10, 60, 5, 1));
    }

    protected CreatePessoaSimulation(LoadParameters load) {
        super(load);

        // Feeder: a fresh valid CPF and 1–3 known CEPs per request; this shard's own CPFs, as its siblings start with it.
        List<String> ceps = KnownCeps.load();
        Cpfs.Part cpfs = Cpfs.part(load.shard().index(), load.shard().count());
        Iterator<Map<String, Object>> people = Stream.generate(() -> Map.<String, Object>of("body", pessoaJson(cpfs.next(), ceps))).iterator();

        // Scenario: one POST per user; the closed model replaces each user as it finishes, which is the loop. A patient
        // user retries a 503 after its Retry-After (with back-off and jitter) before it counts as done.
        ChainBuilder post = exec(http("POST /v1/pessoas").post("/v1/pessoas")
                .body(StringBody("#{body}"))
                .check(status().saveAs("status"), responseTimeInMillis().saveAs("rt"), header("Retry-After").optional().saveAs("retryAfter"),
                        header("Content-Type").optional().saveAs("contentType"),
                        status().is(201)));
        ScenarioBuilder createPessoa = load.patient()
                ? scenario("Create pessoa (patient client)").feed(people).exec(new PatientUser(recorder, RetryAfterBackoff.DEFAULT, 201).retrying(post))
                : scenario("Create pessoa").feed(people).exec(post).exec(session -> recorder.record(session, 201));

        // Injection and assertions come from the parameters (see LoadParameters).
        setUp(inject(createPessoa)).protocols(protocol()).assertions(assertions());
    }

    static String pessoaJson(String cpf, List<String> ceps) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String enderecos = IntStream.range(0, 1 + random.nextInt(3))
                .mapToObj(i -> "{\"cep\":\"" + ceps.get(random.nextInt(ceps.size())) + "\"}")
                .collect(Collectors.joining(","));
        return "{\"cpf\":\"" + cpf + "\",\"nome\":\"PESSOA " + cpf.substring(0, 6) + "\",\"enderecos\":[" + enderecos + "]}";
    }
}
