package lab.vthreads.gateway.e2e;

import lab.vthreads.gateway.support.PessoaServiceProcess;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request the gateway gives up on must not be stored afterwards. The gateway waits 4 s for pessoa-service; the CEP
 * lookup takes 6 s (pessoa-service's own read timeout is 10 s, so the lookup succeeds). The client gets the gateway's
 * 504, and pessoa-service, past the deadline the gateway sent it, answers 503 to nobody and stores nothing. Before the
 * gateway sent a deadline, that person was stored 2 s after its client was told 504.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "lab.gateway.client.response-timeout=4s",
        "lab.gateway.client.deadline-margin=1s",
        "management.server.port=0"})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class GatewayDeadlineIT {

    static PessoaServiceProcess pessoa;

    @DynamicPropertySource
    static void pessoaService(DynamicPropertyRegistry registry) {
        pessoa = PessoaServiceProcess.start(false, SharedInfrastructure.pessoaEnvironment());
        registry.add("lab.gateway.pessoa-url", pessoa::baseUrl);
    }

    @AfterAll
    static void stopPessoaService() {
        if (pessoa != null) pessoa.close();
    }

    @AfterEach
    void restoreLatency() {
        SharedInfrastructure.cep().setLatency(new CepLatency.None());
    }

    @LocalServerPort
    int port;

    @Test
    void aRequestTheGatewayGaveUpOnIsNeverStored() throws Exception {
        Http http = new Http("http://127.0.0.1:" + port, Duration.ofSeconds(30));
        Http management = new Http(pessoa.managementUrl());
        // A first request warms the path (and proves the deadline on a request in time lets it through).
        String warm = Cpfs.next();
        assertThat(http.postJson("/v1/pessoas", Http.pessoa(warm, "A TEMPO", "01001000")).status()).isEqualTo(201);
        assertThat(SharedInfrastructure.count("SELECT count(*) FROM pessoa WHERE cpf = ?", warm)).isOne();
        SharedInfrastructure.cep().setLatency(new CepLatency.FixedLatency(6000));
        double answered = answered(management, "201");

        String cpf = Cpfs.next();
        Http.Reply reply = http.postJson("/v1/pessoas", Http.pessoa(cpf, "TARDE DEMAIS", "01001000"));

        assertThat(reply.status()).isEqualTo(504);
        assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:upstream-timeout");
        // pessoa-service finishes the request after the gateway's answer: wait for its own answer, then look.
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (answered(management, "503") < 1 && answered(management, "201") == answered) {
            assertThat(System.nanoTime()).as("pessoa-service's answer to the abandoned request").isLessThan(until);
            Thread.sleep(200);
        }
        assertThat(answered(management, "201")).as("201s from pessoa-service").isEqualTo(answered);
        assertThat(answered(management, "503")).isOne();
        assertThat(SharedInfrastructure.count("SELECT count(*) FROM pessoa WHERE cpf = ?", cpf)).isZero();
    }

    /** pessoa-service's count of POST /v1/pessoas answered with {@code status}, from its Prometheus scrape. */
    private static double answered(Http management, String status) {
        String scrape = management.get("/actuator/prometheus").body();
        Matcher line = Pattern.compile("http_server_requests_seconds_count\\{([^}]*)} (\\S+)").matcher(scrape);
        double total = 0;
        while (line.find()) {
            String labels = line.group(1);
            if (labels.contains("method=\"POST\"") && labels.contains("uri=\"/v1/pessoas\"") && labels.contains("status=\"" + status + "\"")) {
                total += Double.parseDouble(line.group(2));
            }
        }
        return total;
    }
}
