package lab.vthreads.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioReaderTest {

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        Files.writeString(dir.resolve("owners.csv"), "lastName,ownerId\nFranklin,1\n\"Davis, Jr\",2\n");
        return Files.writeString(dir.resolve("scenario.yaml"), yaml);
    }

    private static final String FULL = """
            payload:
              - path: owners.csv
                order: random
            pick: in-turn
            scenarios:
              - name: find owners
                weight: 3
                flow:
                  - get:
                      url: "/owners?lastName={{ lastName }}"
                  - think: 0.25
                  - get: /owners/{{ ownerId }}
              - name: add owner
                flow:
                  - post:
                      url: /owners/new
                      form:
                        firstName: Lab
                        lastName: "Owner{{ $unique }}"
                        telephone: "{{ $randomDigits(10) }}"
                      expect: [302]
                      capture:
                        - header: Location
                          as: owner
                  - get:
                      url: "{{ owner }}"
                      name: owner page
                  - put:
                      url: /api/things/{{ ownerId }}
                      headers:
                        X-Trace: "{{ $uuid }}"
                      json:
                        name: "{{ lastName }}"
                        count: 3
                        tags: [a, "{{ $randomInt(1, 1) }}"]
                        active: true
            """;

    @Test
    void readsPayloadsFlowsWeightsBodiesAndCaptures() throws IOException {
        Scenario scenario = ScenarioReader.read(write(FULL));

        assertThat(scenario.pick()).isEqualTo(Scenario.Pick.IN_TURN);
        assertThat(scenario.payloads()).singleElement().satisfies(p -> {
            assertThat(p.fields()).containsExactly("lastName", "ownerId");
            assertThat(p.rows()).containsExactly(Map.of("lastName", "Franklin", "ownerId", "1"), Map.of("lastName", "Davis, Jr", "ownerId", "2"));
            assertThat(p.order()).isEqualTo(Payload.Order.RANDOM);
        });
        assertThat(scenario.flows()).extracting(Flow::name, Flow::weight).containsExactly(
                org.assertj.core.groups.Tuple.tuple("find owners", 3), org.assertj.core.groups.Tuple.tuple("add owner", 1));
        Flow find = scenario.flows().getFirst();
        assertThat(find.steps().get(1)).isEqualTo(new Step.Think(Duration.ofMillis(250)));
        Step.Request first = (Step.Request) find.steps().getFirst();
        assertThat(first.name()).isEqualTo("GET /owners");
        assertThat(first.expect()).contains(200, 204, 299).doesNotContain(302, 404);
        assertThat(first.line()).isEqualTo(9);

        Step.Request post = (Step.Request) scenario.flows().get(1).steps().getFirst();
        assertThat(post.expect()).containsExactly(302);
        assertThat(post.captures()).containsExactly(new Step.Capture(Step.Capture.Source.HEADER, "Location", "owner"));
        Map<String, String> user = Map.of("$unique", "7", "lastName", "O'Hara & Sons", "ownerId", "2", "$uuid", "u-1");
        String form = post.body().render(t -> t.render(user::get, new SplittableRandom(1)));
        assertThat(form).startsWith("firstName=Lab&lastName=Owner7&telephone=").matches(".*telephone=\\d{10}");
        assertThat(post.body().contentType()).isEqualTo("application/x-www-form-urlencoded");

        Step.Request put = (Step.Request) scenario.flows().get(1).steps().get(2);
        assertThat(put.body().render(t -> t.render(user::get, new SplittableRandom(1))))
                .isEqualTo("{\"name\":\"O'Hara & Sons\",\"count\":3,\"tags\":[\"a\",\"1\"],\"active\":true}");
        assertThat(put.headers().get("X-Trace").render(user::get, new SplittableRandom(1))).isEqualTo("u-1");
        assertThat(scenario.flows().get(1).steps().get(1)).extracting("name").isEqualTo("owner page");
    }

    @Test
    void aCaptureIsKnownOnlyFromTheNextStep() throws IOException {
        Path usedTooEarly = write("""
                scenarios:
                  - flow:
                      - post:
                          url: /things/{{ id }}
                          capture: {json: "$.id", as: id}
                """);
        assertThatThrownBy(() -> ScenarioReader.read(usedTooEarly))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("scenario.yaml:4: 'url': {{ id }} is not a payload field, a value captured by an earlier step");
    }

    @Test
    void aCapturedIdentifierGoesIntoAPathInUrlSafeBase64() throws IOException {
        Scenario scenario = ScenarioReader.read(write("""
                scenarios:
                  - flow:
                      - post:
                          url: /shells
                          json: {id: "urn:lab:aas:{{ $unique }}"}
                          capture: {json: "$.id", as: shellId}
                      - get: /shells/{{ $base64url(shellId) }}
                      - delete: "/shells/{{ $base64url( shellId ) }}?from={{ $base64url($unique) }}"
                """));

        Step.Request get = (Step.Request) scenario.flows().getFirst().steps().get(1);
        Step.Request delete = (Step.Request) scenario.flows().getFirst().steps().get(2);
        // "?>" and "~" are where Base64's URL-safe alphabet differs from its standard one ("-" and "_" for "+" and "/"); no "=" pads it.
        Map<String, String> user = Map.of("shellId", "urn:lab:aas:7?>~", "$unique", "7");
        assertThat(get.url().render(user::get, new SplittableRandom(1))).isEqualTo("/shells/dXJuOmxhYjphYXM6Nz8-fg");
        assertThat(delete.url().render(user::get, new SplittableRandom(1))).isEqualTo("/shells/dXJuOmxhYjphYXM6Nz8-fg?from=Nw");
        assertThat(get.url().names()).containsExactly("shellId");

        assertRefused("""
                scenarios:
                  - flow:
                      - get: /shells/{{ $base64url(shellId) }}
                """, "{{ shellId }} is not a payload field");
        assertRefused("""
                scenarios:
                  - flow:
                      - get: /shells/{{ $base64url(urn:x) }}
                """, "unknown function {{ $base64url(urn:x) }}");
    }

    @Test
    void anUnknownKeyNamesItsLineAndTheKeysAllowed() throws IOException {
        Path file = write("""
                scenarios:
                  - flow:
                      - get:
                          url: /owners
                          expects: 200
                """);
        assertThatThrownBy(() -> ScenarioReader.read(file))
                .hasMessage(file + ":5: 'expects': unknown key in a request; expected one of body, capture, expect, form, headers, json, name, url");
        Path step = write("""
                scenarios:
                  - flow:
                      - fetch: /owners
                """);
        assertThatThrownBy(() -> ScenarioReader.read(step)).hasMessageContaining(":3: 'fetch': unknown key in a step; expected one of delete, get, patch, post, put, think");
    }

    @Test
    void aTargetIsTheContextPathEveryRequestGoesUnderOnceEvenWhereACapturedLocationNamesIt() throws IOException {
        Scenario scenario = ScenarioReader.read(write("""
                config:
                  target: /petclinic/
                scenarios:
                  - flow:
                      - get: /owners/find
                """));

        assertThat(scenario.target()).isEqualTo("/petclinic");
        assertThat(scenario.onTarget("/owners/find")).isEqualTo("/petclinic/owners/find");
        // A Location that names the context path, and one that leaves it out, reach the same page.
        assertThat(scenario.onTarget("/petclinic/owners/7")).isEqualTo("/petclinic/owners/7");
        assertThat(scenario.onTarget("/owners/7")).isEqualTo("/petclinic/owners/7");
        assertThat(scenario.onTarget("/petclinic?x=1")).isEqualTo("/petclinic?x=1");
        // A path that only begins with the same letters is not under it.
        assertThat(scenario.onTarget("/petclinics")).isEqualTo("/petclinic/petclinics");
        assertThat(ScenarioReader.read(write("scenarios:\n  - flow:\n      - get: /x\n")).onTarget("/x")).isEqualTo("/x");
    }

    @Test
    void aTemplatedJsonValueGoesOutAsTheTypeItsTagNames() throws IOException {
        Scenario scenario = ScenarioReader.read(write("""
                payload:
                  - path: owners.csv
                scenarios:
                  - flow:
                      - post:
                          url: /visits
                          json: {ownerId: !number "{{ ownerId }}", name: "{{ ownerId }}"}
                          capture: {json: "$.active", as: flag}
                      - post:
                          url: /visits
                          json: {ownerId: !number "{{ ownerId }}", active: !boolean "{{ flag }}"}
                """));
        Step.Request second = scenario.requests().get(1);
        Map<String, String> user = Map.of("ownerId", "7", "flag", "true");

        assertThat(second.body().render(t -> t.render(user::get, new SplittableRandom(1)))).isEqualTo("{\"ownerId\":7,\"active\":true}");
        // The untagged one stays a string, as the application may want ("7" for a CPF is not 7).
        assertThat(scenario.requests().getFirst().body().render(t -> t.render(user::get, new SplittableRandom(1)))).contains("\"name\":\"7\"");
        Map<String, String> notANumber = Map.of("ownerId", "seven", "flag", "true");
        assertThatThrownBy(() -> second.body().render(t -> t.render(notANumber::get, new SplittableRandom(1))))
                .hasMessageContaining("{{ ownerId }} is 'seven', not a number, as !number asks");
        assertRefused("""
                scenarios:
                  - flow:
                      - post: {url: /x, json: {n: !integer "{{ $unique }}"}}
                """, "unknown tag !integer: use !number or !boolean");
    }

    @Test
    void aTargetIsAPathNotAHost() throws IOException {
        assertRefused("""
                config:
                  target: http://example.com/petclinic
                scenarios:
                  - flow:
                      - get: /owners
                """, ":2: 'target': 'http://example.com/petclinic' must be the path your application is served under");
        assertRefused("""
                config:
                  http: {timeout: 5}
                scenarios:
                  - flow:
                      - get: /owners
                """, "http");
    }

    @Test
    void refusesWhatTheLoadGeneratorCouldNotRun() throws IOException {
        assertRefused("""
                scenarios:
                  - flow:
                      - get: http://example.com/owners
                """, ":3: 'url': 'http://example.com/owners' must be a path starting with '/'");
        assertRefused("""
                scenarios:
                  - flow:
                      - get: /owners/{{ ownerID }}
                """, "{{ ownerID }} is not a payload field");
        assertRefused("""
                scenarios:
                  - flow:
                      - get: /owners/{{ $random(3) }}
                """, "unknown function {{ $random(3) }}");
        assertRefused("""
                scenarios:
                  - flow:
                      - post: {url: /a, json: {a: 1}, form: {b: 2}}
                """, "a request has one body: json, form or body, not json and form");
        assertRefused("""
                scenarios:
                  - flow:
                      - get: {url: /a, expect: [200, 700]}
                """, "'expect': 700 is not an HTTP status");
        assertRefused("""
                scenarios:
                  - flow:
                      - think: -1
                """, "'think': -1.0 s: a pause is 0 to 3600 seconds");
        assertRefused("""
                scenarios:
                  - weight: 0
                    flow: [{get: /a}]
                """, ":2: 'weight': 0: a weight is 1 or more");
        assertRefused("""
                scenarios:
                  - flow:
                      - think: 1
                """, "sends no request");
        assertRefused("""
                payload: {path: missing.csv}
                scenarios:
                  - flow: [{get: /a}]
                """, ":1: 'path': no CSV file at ");
        assertRefused("""
                scenarios: [
                """, "not valid YAML");
        assertRefused("""
                pick: first
                scenarios:
                  - flow: [{get: /a}]
                """, ":1: 'pick': 'first': use random (by weight) or in-turn");
        assertRefused("", "is empty");
    }

    @Test
    void aPayloadRowWithoutEveryFieldIsRefusedWithItsLine() throws IOException {
        Files.writeString(dir.resolve("bad.csv"), "a,b\n1,2\n3\n");
        Path file = Files.writeString(dir.resolve("s.yaml"), """
                payload:
                  - path: bad.csv
                scenarios:
                  - flow: [{get: "/x/{{ a }}"}]
                """);
        assertThatThrownBy(() -> ScenarioReader.read(file)).hasMessageContaining(":2: 'path': bad.csv line 3 has 1 of the 2 fields (a, b)");
    }

    private void assertRefused(String yaml, String message) throws IOException {
        Path file = write(yaml);
        assertThatThrownBy(() -> ScenarioReader.read(file)).isInstanceOf(ScenarioException.class).hasMessageContaining(message);
    }
}
