package lab.vthreads.contract.suite;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every class of bad input gets its 4xx ProblemDetail, never a 500, and writes nothing. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
public abstract class InvalidInputContract extends ContractTest {

    static final String VALID_CPF = Cpfs.next();


    @AfterEach
    void nothingWasWritten() {
        assertThat(tables.pessoas()).isZero();
        assertThat(tables.enderecos()).isZero();
    }

    static Stream<Arguments> badBodies() {
        String longName = "A".repeat(101);
        return Stream.of(
                Arguments.of("malformed JSON", "{\"cpf\": \"" + VALID_CPF + "\", \"nome\": ", "malformed-body", null),
                Arguments.of("not JSON at all", "hello", "malformed-body", null),
                Arguments.of("empty body", "", "malformed-body", null),
                Arguments.of("cpf as a number", "{\"cpf\":" + VALID_CPF + ",\"nome\":\"X\",\"enderecos\":[{\"cep\":\"01001000\"}]}", "malformed-body", null),
                Arguments.of("nome as a boolean", "{\"cpf\":\"" + VALID_CPF + "\",\"nome\":true,\"enderecos\":[{\"cep\":\"01001000\"}]}", "malformed-body", null),
                Arguments.of("enderecos as a string", "{\"cpf\":\"" + VALID_CPF + "\",\"nome\":\"X\",\"enderecos\":\"01001000\"}", "malformed-body", null),
                Arguments.of("nome twice", "{\"cpf\":\"" + VALID_CPF + "\",\"nome\":\"X\",\"nome\":\"Y\",\"enderecos\":[{\"cep\":\"01001000\"}]}", "malformed-body", null),
                Arguments.of("a second object after the first", Http.pessoa(VALID_CPF, "X", "01001000") + " {}", "malformed-body", null),
                Arguments.of("unknown field", "{\"cpf\":\"" + VALID_CPF + "\",\"nome\":\"X\",\"apelido\":\"Y\",\"enderecos\":[{\"cep\":\"01001000\"}]}", "malformed-body", null),
                Arguments.of("null cpf", "{\"cpf\":null,\"nome\":\"X\",\"enderecos\":[{\"cep\":\"01001000\"}]}", "invalid-request", "cpf"),
                Arguments.of("missing nome", "{\"cpf\":\"" + VALID_CPF + "\",\"enderecos\":[{\"cep\":\"01001000\"}]}", "invalid-request", "nome"),
                Arguments.of("bad check digit", Http.pessoa(Cpfs.withWrongCheckDigit(VALID_CPF), "X", "01001000"), "invalid-request", "cpf"),
                Arguments.of("cpf with 10 digits", Http.pessoa(VALID_CPF.substring(1), "X", "01001000"), "invalid-request", "cpf"),
                Arguments.of("cpf of one repeated digit", Http.pessoa("11111111111", "X", "01001000"), "invalid-request", "cpf"),
                Arguments.of("cpf with letters", Http.pessoa("8908498087a", "X", "01001000"), "invalid-request", "cpf"),
                Arguments.of("blank nome", Http.pessoa(VALID_CPF, "   ", "01001000"), "invalid-request", "nome"),
                Arguments.of("nome over 100", Http.pessoa(VALID_CPF, longName, "01001000"), "invalid-request", "nome"),
                // Text PostgreSQL cannot store as sent: a NUL (its text type refuses it), an unpaired surrogate (stored as "?").
                Arguments.of("nome with a NUL character", Http.pessoa(VALID_CPF, "ANA\\u0000MARIA", "01001000"), "invalid-request", "nome"),
                Arguments.of("nome with an unpaired surrogate", Http.pessoa(VALID_CPF, "ANA\\ud800MARIA", "01001000"), "invalid-request", "nome"),
                Arguments.of("nome with a reversed surrogate pair", Http.pessoa(VALID_CPF, "ANA\\udc00\\ud800", "01001000"), "invalid-request", "nome"),
                Arguments.of("no enderecos", Http.pessoa(VALID_CPF, "X"), "invalid-request", "enderecos"),
                Arguments.of("six enderecos", Http.pessoa(VALID_CPF, "X", "01001000", "01001000", "01001000", "01001000", "01001000", "01001000"), "invalid-request", "enderecos"),
                Arguments.of("null endereco", "{\"cpf\":\"" + VALID_CPF + "\",\"nome\":\"X\",\"enderecos\":[null]}", "invalid-request", "enderecos[0]"),
                Arguments.of("cep with 7 digits", Http.pessoa(VALID_CPF, "X", "0100100"), "invalid-request", "enderecos[0].cep"),
                Arguments.of("cep with letters", Http.pessoa(VALID_CPF, "X", "0100A000"), "invalid-request", "enderecos[0].cep"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBodies")
    void rejectsWithA400Problem(String name, String body, String type, String field) {
        Http.Reply reply = http.postJson("/v1/pessoas", body);

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
        JsonNode problem = reply.json();
        assertThat(problem.get("type").asString()).isEqualTo("urn:vthreads-lab:problem:" + type);
        assertThat(problem.get("status").asInt()).isEqualTo(400);
        assertThat(problem.get("detail").asString()).isNotBlank();
        if (field != null) {
            assertThat(problem.get("errors").valueStream().map(e -> e.get("field").asString())).contains(field);
        }
    }

    @Test
    void namesTheFieldThatAppearsTwice() {
        Http.Reply reply = http.postJson("/v1/pessoas", "{\"cpf\":\"" + VALID_CPF + "\",\"nome\":\"X\",\"nome\":\"Y\",\"enderecos\":[{\"cep\":\"01001000\"}]}");

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("detail").asString()).contains("\"nome\"", "more than once");
    }

    @Test
    void rejectsABodyThatDeclaresMoreThanTheLimitWith413() {
        String huge = Http.pessoa(VALID_CPF, "X".repeat(20_000), "01001000");

        Http.Reply reply = http.postJson("/v1/pessoas", huge);

        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:body-too-large");
    }

    @Test
    void rejectsAChunkedBodyOverTheLimitWith413() {
        byte[] huge = Http.pessoa(VALID_CPF, "X".repeat(20_000), "01001000").getBytes(StandardCharsets.UTF_8);

        // An input-stream publisher has no length, so the body goes chunked, with no Content-Length to check.
        Http.Reply reply = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/pessoas"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(huge))));

        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:body-too-large");
    }

    /**
     * A wildcard and a form too: GeneratedInputContract found pessoa-service answering {@code application/*} with a 500,
     * and a form whose body holds a broken percent-escape (the gateway truncated one so).
     */
    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "application/*", "application/x-www-form-urlencoded"})
    void rejectsAMediaTypeItDoesNotReadWith415(String contentType) {
        Http.Reply reply = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/pessoas"))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(Http.pessoa(VALID_CPF, "X", "01001000") + "&nome=%E0%A")));

        assertThat(reply.status()).isEqualTo(415);
        assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
    }
}
