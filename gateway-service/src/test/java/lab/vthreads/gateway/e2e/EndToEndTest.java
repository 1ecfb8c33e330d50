package lab.vthreads.gateway.e2e;

import lab.vthreads.gateway.support.Http;
import lab.vthreads.gateway.support.PessoaServiceProcess;
import lab.vthreads.gateway.support.RealInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Only real parts: this gateway (in the test JVM) → pessoa-service (its jar, a child process) → the WireMock CEP API
 * → PostgreSQL. Each subclass runs both services in one thread mode.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
abstract class EndToEndTest {

    static final AtomicLong CPFS = new AtomicLong(300_000_000L + System.nanoTime() % 100_000_000L);
    static PessoaServiceProcess pessoa;

    @LocalServerPort
    int port;

    Http http;

    static void startPessoaService(boolean virtualThreads, DynamicPropertyRegistry registry) {
        pessoa = PessoaServiceProcess.start(virtualThreads, RealInfrastructure.pessoaEnvironment());
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
        String cpf = Http.cpf(CPFS.incrementAndGet());

        HttpResponse<String> response = http.postJson("/v1/pessoas", Http.pessoa(cpf, "22041012", "01310100"));

        assertThat(response.statusCode()).isEqualTo(201);
        String location = response.headers().firstValue("Location").orElseThrow();
        assertThat(location).matches("/v1/pessoas/\\d+");
        assertThat(RealInfrastructure.count("SELECT count(*) FROM pessoa WHERE cpf = ?", cpf)).isEqualTo(1);
        assertThat(RealInfrastructure.count("SELECT count(*) FROM endereco e JOIN pessoa p ON p.id = e.pessoa_id WHERE p.cpf = ?", cpf)).isEqualTo(2);
        assertThat(RealInfrastructure.string("SELECT e.cidade FROM endereco e JOIN pessoa p ON p.id = e.pessoa_id WHERE p.cpf = ? AND e.cep = '22041012'", cpf))
                .isEqualTo("Rio de Janeiro");

        HttpResponse<String> read = http.get(location);
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.body()).contains("\"cpf\":\"" + cpf + "\"", "Rua Barata Ribeiro");
    }

    @Test
    void passesPessoaServicesProblemsThrough() {
        HttpResponse<String> unknownCep = http.postJson("/v1/pessoas", Http.pessoa(Http.cpf(CPFS.incrementAndGet()), "00000000"));
        HttpResponse<String> invalid = http.postJson("/v1/pessoas", Http.pessoa("12345678900", "01001000"));

        assertThat(unknownCep.statusCode()).isEqualTo(422);
        assertThat(unknownCep.body()).contains("urn:vthreads-lab:problem:cep-not-found");
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.body()).contains("urn:vthreads-lab:problem:invalid-request");
    }
}
