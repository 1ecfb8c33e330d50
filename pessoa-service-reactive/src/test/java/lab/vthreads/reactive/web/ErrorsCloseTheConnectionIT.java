package lab.vthreads.reactive.web;

import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.reactive.support.ReactiveServiceTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;

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

    /**
     * The gateway streams a form body chunked, and a 415 is decided from the headers alone: the server reads the body
     * it refuses before it answers and closes, as Tomcat does, so that a client still sending it reads the answer
     * instead of failing on a connection reset under it.
     */
    @Test
    void aBodyStillArrivingWhenTheErrorIsDecidedIsReadBeforeTheConnectionCloses() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/pessoas HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // Time for the server to decide its 415 from the headers, as it does while the gateway is still re-encoding the form.
            Thread.sleep(500);
            byte[] chunk = ("nome=" + "A".repeat(4091)).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 64; i++) {
                out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(chunk);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();

            String answer = statusLine(socket.getInputStream());

            assertThat(answer).startsWith("HTTP/1.1 415");
        }
    }

    /**
     * A body that declares a length past the limit is refused unread, and read to its end before the 413 and the close:
     * read up to the limit first, its rest was left unread, and the connection closed under the client still sending it.
     */
    @Test
    void aBodyDeclaredPastTheLimitIsRefusedAndReadBeforeTheConnectionCloses() throws Exception {
        byte[] body = ("{\"cpf\":\"" + Cpfs.next() + "\",\"nome\":\"" + "A".repeat(1024 * 1024) + "\",\"enderecos\":[{\"cep\":\"01001000\"}]}")
                .getBytes(StandardCharsets.US_ASCII);
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/pessoas HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // Time for the server to refuse the body from its headers; then the body in pieces over a while, as the gateway streams it.
            Thread.sleep(500);
            for (int from = 0; from < body.length; from += 8192) {
                out.write(body, from, Math.min(8192, body.length - from));
                out.flush();
                Thread.sleep(2);
            }
            out.flush();

            String answer = statusLine(socket.getInputStream());

            assertThat(answer).startsWith("HTTP/1.1 413");
        }
    }

    private static String statusLine(InputStream in) throws java.io.IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) line.append((char) c);
        return line.toString().trim();
    }

    @Test
    void aCreatedPersonKeepsTheConnection() {
        Http.Reply reply = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "ANA", "01001000"));

        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.headers().firstValue("Connection")).isEmpty();
    }
}
