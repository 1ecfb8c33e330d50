package lab.vthreads.pessoa.cep;

import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.contract.suite.PessoaTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A CEP API whose connection never completes: a socket that never accepts, its backlog already full, so the lookup's
 * connect hangs (on 127.0.0.1, the kernel drops the SYN) until the connect timeout. A blocking connect does not
 * notice the deadline's cancel; the connect timeout ends it. It must be a 504 cep-timeout ProblemDetail, not a 500,
 * and nothing stored.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "lab.cep.connect-timeout=1500ms", "lab.cep.read-timeout=1s"})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CepConnectHangsIT {

    static ServerSocket neverAccepts;
    static final List<Socket> backlog = new ArrayList<>();

    @DynamicPropertySource
    static void hangingCepApi(DynamicPropertyRegistry registry) throws IOException {
        neverAccepts = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        // Fill the accept queue: Linux queues backlog + 1 connections, then drops the SYNs of the next ones.
        for (int i = 0; i < 4; i++) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), neverAccepts.getLocalPort()), 300);
                backlog.add(socket);
            } catch (IOException full) {
                socket.close();
                break;
            }
        }
        registry.add("spring.datasource.url", () -> SharedInfrastructure.postgres().jdbcUrl());
        registry.add("spring.datasource.username", () -> EmbeddedPostgresServer.USER);
        registry.add("spring.datasource.password", () -> EmbeddedPostgresServer.PASSWORD);
        registry.add("lab.cep.base-url", () -> "http://127.0.0.1:" + neverAccepts.getLocalPort());
    }

    @AfterAll
    static void close() throws IOException {
        for (Socket socket : backlog) socket.close();
        neverAccepts.close();
    }

    @LocalServerPort
    int port;

    final PessoaTables tables = PessoaTables.shared();

    @Test
    void aConnectThatHangsIsA504AndStoresNothing() {
        String cpf = Cpfs.next();

        Http.Reply reply = new Http("http://127.0.0.1:" + port).postJson("/v1/pessoas", Http.pessoa(cpf, "PENDURADO", "01001000"));

        assertThat(reply.status()).as(reply.body()).isEqualTo(504);
        assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
        assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:cep-timeout");
        assertThat(tables.pessoasWithCpf(cpf)).isZero();
    }
}
