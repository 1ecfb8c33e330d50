package lab.vthreads.gatling;

import lab.vthreads.infra.testdata.Cpfs;
import io.gatling.javaapi.core.ScenarioBuilder;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.stream.Stream;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * A Rinha-de-Backend-style mix: bad payloads of every kind among valid ones. Each request must get exactly its
 * expected status (a 5xx is always a failure), and the valid ones must still be stored, one row per 201.
 *
 * <pre>./mvnw gatling:test -Dgatling.simulationClass=lab.vthreads.gatling.InvalidInputSimulation -Dusers=50</pre>
 */
public class InvalidInputSimulation extends LabSimulation {

    // A person created in before(); posting its CPF again must always be a 409.
    private final String existingCpf = Cpfs.next();

    public InvalidInputSimulation() {
        super(LoadParameters.fromSystemProperties(20, 5, 30, 0, 0));

        // Feeder: each request draws one case: what it sends and the status it must get.
        List<String> ceps = KnownCeps.load();
        List<Case> cases = List.of(
                new Case("valid", 201, cpf -> CreatePessoaSimulation.pessoaJson(cpf, ceps)),
                new Case("valid", 201, cpf -> CreatePessoaSimulation.pessoaJson(cpf, ceps)),
                new Case("malformed JSON", 400, cpf -> "{\"cpf\":\"" + cpf + "\",\"nome\":"),
                new Case("wrong type", 400, cpf -> "{\"cpf\":" + cpf + ",\"nome\":\"X\",\"enderecos\":[{\"cep\":\"01001000\"}]}"),
                new Case("null nome", 400, cpf -> "{\"cpf\":\"" + cpf + "\",\"nome\":null,\"enderecos\":[{\"cep\":\"01001000\"}]}"),
                new Case("bad check digit", 400, cpf -> person(cpf.substring(0, 10) + (char) ('0' + (cpf.charAt(10) - '0' + 1) % 10), "X", "01001000")),
                new Case("over-long nome", 400, cpf -> person(cpf, "N".repeat(101), "01001000")),
                new Case("bad CEP", 400, cpf -> person(cpf, "X", "0100-1000")),
                new Case("no enderecos", 400, cpf -> "{\"cpf\":\"" + cpf + "\",\"nome\":\"X\",\"enderecos\":[]}"),
                new Case("unknown field", 400, cpf -> "{\"cpf\":\"" + cpf + "\",\"nome\":\"X\",\"idade\":3,\"enderecos\":[{\"cep\":\"01001000\"}]}"),
                new Case("unknown CEP", 422, cpf -> person(cpf, "X", "00000000")),
                new Case("duplicate CPF", 409, cpf -> person(existingCpf, "DUPLICADO", "01001000")));
        Iterator<Map<String, Object>> requests = Stream.generate(() -> {
            Case c = cases.get(ThreadLocalRandom.current().nextInt(cases.size()));
            return Map.<String, Object>of("kind", c.kind(), "expected", c.expected(), "body", c.body().apply(Cpfs.next()));
        }).iterator();

        // Scenario: one request per user, named by its case so the HTML report breaks them down.
        ScenarioBuilder mix = scenario("Invalid input mix")
                .feed(requests)
                .exec(http("#{kind}").post("/v1/pessoas")
                        .body(StringBody("#{body}"))
                        .check(status().saveAs("status"), responseTimeInMillis().saveAs("rt"),
                                status().is(session -> session.getInt("expected"))))
                .exec(session -> recorder.record(session, session.getInt("expected")));

        // Injection and assertions from the parameters; by default no request may miss its expected status.
        setUp(inject(mix)).protocols(protocol()).assertions(assertions());
    }

    @Override
    protected void prepare() {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(load.baseUrl() + "/v1/pessoas"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(person(existingCpf, "EXISTENTE", "01001000"))).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201) {
                throw new IllegalStateException("could not create the person the duplicate cases need: " + response.statusCode() + " " + response.body());
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot reach " + load.baseUrl() + ": is the lab up?", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String person(String cpf, String nome, String cep) {
        return "{\"cpf\":\"" + cpf + "\",\"nome\":\"" + nome + "\",\"enderecos\":[{\"cep\":\"" + cep + "\"}]}";
    }

    private record Case(String kind, int expected, Function<String, String> body) {
    }
}
