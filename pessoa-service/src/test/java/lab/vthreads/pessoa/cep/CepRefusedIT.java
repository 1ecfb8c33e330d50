package lab.vthreads.pessoa.cep;

import lab.vthreads.infra.testsupport.ListenPorts;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.contract.suite.PessoaTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A CEP API that refuses connections (nothing listens where it should be): 502 cep-unavailable at once, nothing stored. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CepRefusedIT {

    @DynamicPropertySource
    static void refusingCepApi(DynamicPropertyRegistry registry) throws IOException {
        // Below the ephemeral range: no connection of the test's own can come to hold it as its source port.
        int closedPort = ListenPorts.next();
        registry.add("spring.datasource.url", () -> SharedInfrastructure.postgres().jdbcUrl());
        registry.add("spring.datasource.username", () -> EmbeddedPostgresServer.USER);
        registry.add("spring.datasource.password", () -> EmbeddedPostgresServer.PASSWORD);
        registry.add("lab.cep.base-url", () -> "http://127.0.0.1:" + closedPort);
    }

    @LocalServerPort
    int port;

    final PessoaTables tables = PessoaTables.shared();

    @Test
    void answers502CepUnavailableAndStoresNothing() {
        tables.truncate();
        String cpf = Cpfs.next();

        Http.Reply reply = new Http("http://127.0.0.1:" + port).postJson("/v1/pessoas", Http.pessoa(cpf, "RECUSADO", "01001000"));

        assertThat(reply.status()).isEqualTo(502);
        assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
        assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:cep-unavailable");
        assertThat(reply.json().get("detail").asString()).contains("01001000");
        assertThat(tables.pessoasWithCpf(cpf)).isZero();
    }
}
