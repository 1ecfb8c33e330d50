package lab.vthreads.lab.metrics;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

class ServerSocketsTest {

    /**
     * A real server's side: a client that goes while its request is unanswered leaves the server's socket in CLOSE_WAIT
     * until the server closes it, as a request in flight does when the load generator stops.
     */
    @Test
    void aConnectionWhoseClientWentCountsUntilTheServerClosesIt() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = server.getLocalPort();
            assertThat(ServerSockets.SYSTEM.closeWaiting(port)).hasValue(0);
            Socket client = new Socket(InetAddress.getLoopbackAddress(), port);
            try (Socket accepted = server.accept()) {
                client.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                client.close();
                assertThat(eventually(() -> ServerSockets.SYSTEM.closeWaiting(port), 1)).hasValue(1);
            }
            assertThat(eventually(() -> ServerSockets.SYSTEM.closeWaiting(port), 0)).hasValue(0);
        }
    }

    @Test
    void aPortNobodyListensOnIsOutOfSightNotIdle() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        assertThat(ServerSockets.SYSTEM.closeWaiting(port)).isEmpty();
    }

    /** Both tables are read: an IPv6 listener (Java's default on a dual-stack machine) lists its sockets in tcp6. */
    @Test
    void readsTheIpv6TableAsWellAndOnlyTheGivenPort(@TempDir Path procNet) throws Exception {
        String header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n";
        Files.writeString(procNet.resolve("tcp"), header
                + "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0\n"
                + "   1: 0100007F:1F91 0100007F:D431 08 00000000:00000000 00:00000000 00000000     0        0 2 1 0 20 4 30 10 -1\n");
        Files.writeString(procNet.resolve("tcp6"), header
                + "   0: 00000000000000000000000000000000:1F91 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 3 1 0 100 0 0 10 0\n"
                + "   1: 0000000000000000FFFF00000100007F:1F91 0000000000000000FFFF00000100007F:D432 08 00000000:00000000 00:00000000 00000000     0        0 4 1 0 20 4 30 10 -1\n"
                + "   2: 0000000000000000FFFF00000100007F:1F91 0000000000000000FFFF00000100007F:D433 01 00000000:00000000 00:00000000 00000000     0        0 5 1 0 20 4 30 10 -1\n");
        ServerSockets sockets = new ServerSockets(procNet);
        assertThat(sockets.closeWaiting(0x1F91)).hasValue(2);
        assertThat(sockets.closeWaiting(0x1F90)).hasValue(0);
        assertThat(sockets.closeWaiting(0x1F92)).isEmpty();
        assertThat(new ServerSockets(procNet.resolve("none")).closeWaiting(0x1F91)).isEmpty();
    }

    /** The kernel moves a socket to its next state as the other side's segment arrives: at once on loopback, but not in the same instant. */
    private static OptionalInt eventually(java.util.function.Supplier<OptionalInt> reading, int expected) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(5));
        OptionalInt last = reading.get();
        while (!(last.isPresent() && last.getAsInt() == expected) && Instant.now().isBefore(deadline)) {
            Thread.sleep(20);
            last = reading.get();
        }
        return last;
    }
}
