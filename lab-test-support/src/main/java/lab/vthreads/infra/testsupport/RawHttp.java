package lab.vthreads.infra.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One request written byte for byte on a socket, for what a well-behaved client (java.net.http) refuses to send: a
 * request line with characters HTTP does not allow, headers larger than a server accepts. The answer is read until
 * the server closes the connection (the request asks it to).
 */
public final class RawHttp {

    private RawHttp() {
    }

    /** @param head the request line and headers, without the blank line that ends them and without {@code Connection} */
    public static Answer send(int port, String head) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(15_000);
            socket.getOutputStream().write((head + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) >= 0; ) answer.write(buffer, 0, n);
            return Answer.parse(answer.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The status, the headers as written, and the body (chunked encoding undone). */
    public record Answer(int status, String headers, String body) {

        static Answer parse(String text) {
            int end = text.indexOf("\r\n\r\n");
            String head = end < 0 ? text : text.substring(0, end);
            String body = end < 0 ? "" : text.substring(end + 4);
            if (head.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding: chunked")) body = unchunked(body);
            String[] statusLine = head.split("\r\n", 2)[0].split(" ");
            return new Answer(statusLine.length > 1 ? Integer.parseInt(statusLine[1]) : -1, head, body);
        }

        private static String unchunked(String chunked) {
            StringBuilder body = new StringBuilder();
            int i = 0;
            while (i < chunked.length()) {
                int lineEnd = chunked.indexOf("\r\n", i);
                if (lineEnd < 0) break;
                int size = Integer.parseInt(chunked.substring(i, lineEnd).trim(), 16);
                if (size == 0) break;
                body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
                i = lineEnd + 2 + size + 2;
            }
            return body.toString();
        }

        public String header(String name) {
            for (String line : headers.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) return line.substring(colon + 1).trim();
            }
            return null;
        }
    }
}
