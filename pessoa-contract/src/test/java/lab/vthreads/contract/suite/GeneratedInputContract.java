package lab.vthreads.contract.suite;

import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import lab.vthreads.contract.pessoa.PessoaRequest;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests no one listed, generated (jqwik): text over the whole of Unicode (control characters, unpaired surrogates,
 * combining and right-to-left marks, long strings), fields missing, null, repeated, unknown or of the wrong type,
 * numbers at their edges, nested and oversized bodies, other content types and encodings. Whatever comes, the service
 * answers no 5xx, a ProblemDetail with every 4xx, a 201 only for a person the contract's own rules accept, and stores
 * exactly as many people as it answered 201. jqwik prints each property's seed; a failure is replayed with it and shrunk.
 *
 * <p>jqwik runs properties in its own engine, not Spring's test context, so a subclass starts what it sends to itself:
 * the implementation in its own JVM ({@link #serve}), or anything else on a base URL ({@link #sendTo}), such as the
 * gateway in front of an implementation's jar; always against the same shared PostgreSQL and CEP API as the other ITs.
 */
public abstract class GeneratedInputContract {

    /** Bounded so that each implementation's run adds seconds, not minutes, to the build. */
    static final int TRIES = 250;

    private static final String KNOWN_CEP = "01001000";
    private static final ValidatorFactory VALIDATION = Validation.buildDefaultValidatorFactory();
    private static final Validator VALIDATOR = VALIDATION.getValidator();
    private static final PessoaTables TABLES = PessoaTables.shared();

    private static final List<AutoCloseable> RUNNING = new ArrayList<>();
    private static Http http;
    private static String baseUrl;
    private long created;
    private int logMark;

    /** Starts the implementation in this JVM, on free ports, with these of its properties (where its database and CEP API are). */
    protected static void serve(Class<?> application, Map<String, Object> infrastructure) {
        Map<String, Object> properties = new HashMap<>(infrastructure);
        properties.put("server.port", 0);
        properties.put("management.server.port", 0);
        // As arguments: above the application's own files, as the test context's dynamic properties are (default properties are below them).
        ConfigurableApplicationContext service = new SpringApplicationBuilder(application).run(properties.entrySet().stream()
                .map(p -> "--" + p.getKey() + "=" + p.getValue()).toArray(String[]::new));
        sendTo("http://127.0.0.1:" + service.getEnvironment().getRequiredProperty("local.server.port", Integer.class), service);
    }

    /** Sends every request to this base URL; what serves it is closed after the properties, first to last. */
    protected static void sendTo(String url, AutoCloseable... servingIt) {
        RUNNING.addAll(List.of(servingIt));
        baseUrl = url;
        http = new Http(url, Duration.ofSeconds(30));
    }

    @AfterContainer
    static void stop() throws Exception {
        for (AutoCloseable running : RUNNING) running.close();
        RUNNING.clear();
    }

    @BeforeProperty
    void emptyTables() {
        TABLES.truncate();
        created = 0;
    }

    @AfterProperty
    void everyCreatedPersonStoredAndNoOther() {
        assertThat(TABLES.pessoas()).as("people stored against 201s answered").isEqualTo(created);
    }

    @Property(tries = TRIES)
    void anyNome(@ForAll("nomes") String nome) {
        String cpf = Cpfs.next();
        answered(post("application/json", body(json(cpf), json(nome), "[{\"cep\":\"" + KNOWN_CEP + "\"}]")),
                new PessoaRequest(cpf, nome, List.of(new PessoaRequest.EnderecoRequest(KNOWN_CEP))));
    }

    @Property(tries = TRIES)
    void anyShapeOfBody(@ForAll("values") String cpf, @ForAll("values") String nome, @ForAll("enderecos") String enderecos,
                        @ForAll("extras") String extra) {
        String body = "{" + String.join(",", List.of(field("cpf", cpf), field("nome", nome), field("enderecos", enderecos), extra).stream()
                .filter(f -> !f.isEmpty()).toList()) + "}";
        // Which of these the contract accepts is not for the generator to guess: a 201 is checked by what was stored.
        answered(post("application/json", body), null);
    }

    @Property(tries = TRIES / 5)
    void anyContentTypeAndEncoding(@ForAll("contentTypes") String contentType, @ForAll("nomes") String nome) {
        // The nome's characters as themselves, not escaped, so that the body's bytes depend on the charset it is sent in.
        answered(post(contentType, body(json(Cpfs.next()), rawJson(nome), "[{\"cep\":\"" + KNOWN_CEP + "\"}]")), null);
    }

    @Provide
    Arbitrary<String> nomes() {
        return Arbitraries.<String>oneOf(
                Arbitraries.strings().all().ofMaxLength(120),
                Arbitraries.strings().withCharRange('\u0000', '\u001f').withCharRange('\u0300', '\u036f').withCharRange('\u200e', '\u202e')
                        .withCharRange('\ud800', '\udfff').withCharRange('A', 'Z').ofMaxLength(40),
                Arbitraries.strings().alpha().ofMinLength(95).ofMaxLength(105),
                Arbitraries.strings().all().ofMinLength(1_000).ofMaxLength(20_000),
                Arbitraries.of("", " ", "\t", "ANA", "JOÃO D'ÁVILA", "\uD83D\uDE00", "e\u0301", "\u202eANA", "\u0000", "\ud800", "\udc00\ud800",
                        // Percent-escapes, broken and whole, for a body sent as a form.
                        "100%", "%zz", "%E0%A", "A%20B", "A+B&C=D"));
    }

    /** A field's value as JSON text, or "absent" for a field left out. */
    @Provide
    Arbitrary<String> values() {
        return Arbitraries.<String>oneOf(
                Arbitraries.of("absent", "null", "true", "false", "0", "-0", "1e309", "-1", "9223372036854775808", "1.5", "{}", "[]", "\"\"",
                        "[\"" + Cpfs.next() + "\"]", "{\"cpf\":\"x\"}"),
                Arbitraries.longs().map(n -> Long.toString(n)),
                Arbitraries.strings().all().ofMaxLength(30).map(GeneratedInputContract::json),
                Arbitraries.just("valid cpf").map(x -> json(Cpfs.next())),
                Arbitraries.strings().numeric().ofMinLength(10).ofMaxLength(12).map(GeneratedInputContract::json));
    }

    @Provide
    Arbitrary<String> enderecos() {
        Arbitrary<String> cep = Arbitraries.<String>oneOf(Arbitraries.just(json(KNOWN_CEP)), Arbitraries.of("null", "1001000", "{}", "\"01001-000\"",
                "\"0100100\"", "\"0100A000\"", "\"\\u0000\""), Arbitraries.strings().all().ofMaxLength(10).map(GeneratedInputContract::json));
        Arbitrary<String> endereco = Arbitraries.<String>oneOf(cep.map(c -> "{\"cep\":" + c + "}"), Arbitraries.of("null", "{}", "\"01001000\"",
                "{\"cep\":\"01001000\",\"cep\":\"01001000\"}", "{\"cep\":\"01001000\",\"numero\":1}", "{\"cep\":{\"cep\":\"01001000\"}}"));
        return Arbitraries.<String>oneOf(Arbitraries.of("absent", "null", "{}", "\"01001000\"", "[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]"),
                endereco.list().ofMaxSize(7).map(list -> "[" + String.join(",", list) + "]"));
    }

    /** Nothing more, an unknown field, a repeated one, or trailing text. */
    @Provide
    Arbitrary<String> extras() {
        return Arbitraries.of("", "\"apelido\":\"X\"", "\"nome\":\"REPETIDO\"", "\"cpf\":null", "\"enderecos\":[]", "\"\":0");
    }

    @Provide
    Arbitrary<String> contentTypes() {
        return Arbitraries.of("application/json", "application/json; charset=UTF-8", "application/json; charset=ISO-8859-1",
                "application/json; charset=UTF-16", "text/plain", "application/xml", "application/x-www-form-urlencoded", "", "application/*");
    }

    private static String field(String name, String value) {
        return "absent".equals(value) ? "" : json(name) + ":" + value;
    }

    private static String body(String cpf, String nome, String enderecos) {
        return "{\"cpf\":" + cpf + ",\"nome\":" + nome + ",\"enderecos\":" + enderecos + "}";
    }

    /** A JSON string with every character outside printable ASCII escaped, so that any UTF-16 code unit goes as sent. */
    static String json(String text) {
        return json(text, 0x7e);
    }

    /** A JSON string with only what JSON requires escaped (quotes, backslashes, control characters). */
    static String rawJson(String text) {
        return json(text, Character.MAX_VALUE);
    }

    private static String json(String text, int lastUnescaped) {
        StringBuilder s = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') s.append('\\').append(c);
            else if (c < 0x20 || c > lastUnescaped) s.append(String.format("\\u%04x", (int) c));
            else s.append(c);
        }
        return s.append('"').toString();
    }

    private Http.Reply post(String contentType, String body) {
        logMark = ServerLog.mark();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + "/v1/pessoas"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.getBytes(contentType.contains("UTF-16") ? StandardCharsets.UTF_16
                        : contentType.contains("ISO-8859-1") ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8)));
        if (!contentType.isEmpty()) request.header("Content-Type", contentType);
        return http.sendAgainOnAFreshConnectionIfTheKeptOneFails(request);
    }

    /**
     * The contract's promises for one answer.
     *
     * @param sent the request as the contract reads it, where the property knows it; null where only the store can say
     */
    private void answered(Http.Reply reply, PessoaRequest sent) {
        int status = reply.status();
        // The service's log read only for a failure's message, not on every answer.
        assertThat(status).as(() -> "status for %s; the service logged:%n%s".formatted(reply.body(), ServerLog.since(logMark))).isBetween(200, 499);
        if (status >= 400) {
            assertThat(reply.header("Content-Type")).as("a %d's content type", status).startsWith("application/problem+json");
            JsonNode problem = reply.json();
            assertThat(problem.path("status").asInt()).as("a %d's problem: %s", status, reply.body()).isEqualTo(status);
            // RFC 9457: a problem without a type is "about:blank", whose title is the status's phrase.
            assertThat(problem.path("type").asString("about:blank")).isNotBlank();
            assertThat(problem.path("title").asString()).as("a %d's problem: %s", status, reply.body()).isNotBlank();
        }
        if (status == 201) {
            created++;
            if (sent != null) assertThat(VALIDATOR.validate(sent)).as("a 201 for a person the contract refuses").isEmpty();
        } else if (sent != null && status == 400) {
            assertThat(VALIDATOR.validate(sent)).as("a 400 for a person the contract accepts: %s", reply.body()).isNotEmpty();
        }
    }
}
