package lab.vthreads.gateway.e2e;

import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.gateway.support.PessoaServiceProcess;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Only real parts: this gateway (in the test JVM) → pessoa-service (its jar, a child process) → the WireMock CEP API
 * → PostgreSQL. Each subclass runs both services in one thread mode.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
abstract class EndToEndIT {

    static PessoaServiceProcess pessoa;
    static boolean virtualThreads;

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    Http http;

    static void startPessoaService(boolean virtualThreads, DynamicPropertyRegistry registry) {
        EndToEndIT.virtualThreads = virtualThreads;
        pessoa = PessoaServiceProcess.start(virtualThreads, SharedInfrastructure.pessoaEnvironment());
        registry.add("lab.gateway.pessoa-url", pessoa::baseUrl);
        registry.add("spring.threads.virtual.enabled", () -> virtualThreads);
    }

    @AfterAll
    static void stopPessoaService() {
        if (pessoa != null) {
            pessoa.close();
        }
    }

    @BeforeEach
    void setUp() {
        http = new Http("http://127.0.0.1:" + port, Duration.ofSeconds(30));
    }

    @Test
    void createsAPersonThroughTheGatewayAndPostgresHoldsIt() {
        String cpf = Cpfs.next();

        Http.Reply response = http.postJson("/v1/pessoas", Http.pessoa(cpf, "PELO GATEWAY", "22041012", "01310100"));

        assertThat(response.status()).isEqualTo(201);
        String location = response.headers().firstValue("Location").orElseThrow();
        assertThat(location).matches("/v1/pessoas/\\d+");
        assertThat(SharedInfrastructure.count("SELECT count(*) FROM pessoa WHERE cpf = ?", cpf)).isEqualTo(1);
        assertThat(SharedInfrastructure.count("SELECT count(*) FROM endereco e JOIN pessoa p ON p.id = e.pessoa_id WHERE p.cpf = ?", cpf)).isEqualTo(2);
        assertThat(SharedInfrastructure.string("SELECT e.cidade FROM endereco e JOIN pessoa p ON p.id = e.pessoa_id WHERE p.cpf = ? AND e.cep = '22041012'", cpf))
                .isEqualTo("Rio de Janeiro");

        Http.Reply read = http.get(location);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.body()).contains("\"cpf\":\"" + cpf + "\"", "Rua Barata Ribeiro");
    }

    /** What a user checks after switching THREAD_MODE: Actuator says which kind of thread handled the requests. */
    @Test
    void actuatorCountsTheRequestsByTheKindOfThreadThatHandledThem() {
        http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "PELO GATEWAY", "01001000"));
        Http management = new Http("http://127.0.0.1:" + managementPort);
        String mode = virtualThreads ? "virtual" : "platform", other = virtualThreads ? "platform" : "virtual";

        assertThat(requestsOn(management, mode)).isPositive();
        assertThat(requestsOn(management, other)).isZero();
    }

    private static double requestsOn(Http management, String kind) {
        Http.Reply reply = management.get("/actuator/metrics/lab.requests.threads?tag=kind:" + kind);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return reply.json().get("measurements").get(0).get("value").asDouble();
    }

    /**
     * The gateway passes a body on with its Content-Length, so pessoa-service refuses one over its limit (16 KiB) at
     * once, before reading it: the client must still get that 413, not a 502 from a proxy cut off mid-body.
     */
    @Test
    void aBodyOverPessoaServicesLimitGetsIts413ThroughTheGateway() {
        String cpf = Cpfs.next();

        Http.Reply tooLarge = http.postJson("/v1/pessoas", Http.pessoa(cpf, "X".repeat(20_000), "01001000"));

        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.body()).contains("urn:vthreads-lab:problem:body-too-large");
        assertThat(SharedInfrastructure.count("SELECT count(*) FROM pessoa WHERE cpf = ?", cpf)).isZero();
    }

    @Test
    void passesPessoaServicesProblemsThrough() {
        Http.Reply unknownCep = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "PELO GATEWAY", "00000000"));
        Http.Reply invalid = http.postJson("/v1/pessoas", Http.pessoa("12345678900", "PELO GATEWAY", "01001000"));

        assertThat(unknownCep.status()).isEqualTo(422);
        assertThat(unknownCep.body()).contains("urn:vthreads-lab:problem:cep-not-found");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.body()).contains("urn:vthreads-lab:problem:invalid-request");
    }
}
