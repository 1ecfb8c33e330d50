package lab.vthreads.reactive.web;

import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.reactive.support.ReactiveServiceTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.net.URI;
import java.net.http.HttpRequest;

import static org.assertj.core.api.Assertions.assertThat;

/** An error to a request with a body ends its connection; a success keeps it for the client's next request. */
@ReactiveServiceTest
class ErrorsCloseTheConnectionIT {

    @LocalServerPort
    int port;

    Http http;

    @BeforeEach
    void connect() {
        http = new Http("http://127.0.0.1:" + port);
    }

    @Test
    void aBodyAnsweredWithAnErrorClosesTheConnection() {
        Http.Reply reply = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/pessoas"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(Http.pessoa(Cpfs.next(), "ANA", "01001000"))));

        assertThat(reply.status()).isEqualTo(415);
        assertThat(reply.header("Connection")).isEqualTo("close");
    }

    @Test
    void aCreatedPersonKeepsTheConnection() {
        Http.Reply reply = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "ANA", "01001000"));

        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.headers().firstValue("Connection")).isEmpty();
    }
}
