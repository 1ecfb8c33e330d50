package lab.vthreads.lab.process;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;

class ListeningSocketsTest {

    private static final long SELF = ProcessHandle.current().pid();

    @Test
    @EnabledOnOs(OS.LINUX)
    void aSocketOnEveryInterfaceIsBeyondTheLoopbackAndOneOnTheLoopbackIsNot() throws Exception {
        try (ServerSocket everywhere = new ServerSocket(0, 50, InetAddress.getByName("0.0.0.0"));
             ServerSocket loopback = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            java.util.List<ListeningSockets.Listening> sockets = ListeningSockets.of(SELF).orElseThrow();
            // Java opens "every interface" as IPv6's :: where it can (both families), else as 0.0.0.0.
            assertThat(sockets).filteredOn(s -> s.port() == everywhere.getLocalPort()).singleElement()
                    .satisfies(s -> assertThat(s.address().isAnyLocalAddress()).isTrue());
            assertThat(sockets).contains(new ListeningSockets.Listening(InetAddress.getByName("127.0.0.1"), loopback.getLocalPort()));
            assertThat(ListeningSockets.beyondLoopback(SELF, "127.0.0.1")).get().asString()
                    .contains("*:" + everywhere.getLocalPort()).doesNotContain(":" + loopback.getLocalPort());
            // Asked for every interface, the user knows: nothing to say.
            assertThat(ListeningSockets.beyondLoopback(SELF, "0.0.0.0")).isEmpty();
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aProcessThatListensOnlyOnTheLoopbackExposesNothing() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp", System.getProperty("java.class.path"),
                LoopbackOnly.class.getName());
        Process child = builder.start();
        try {
            int port = Integer.parseInt(new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream())).readLine().trim());
            assertThat(ListeningSockets.of(child.pid())).get().asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                    .containsExactly(new ListeningSockets.Listening(InetAddress.getByName("127.0.0.1"), port));
            assertThat(ListeningSockets.beyondLoopback(child.pid(), "127.0.0.1")).isEmpty();
        } finally {
            child.destroy();
            child.waitFor();
        }
        assertThat(ListeningSockets.of(child.pid())).isEmpty();
    }

    @Test
    void readsTheKernelsRowsOfBothFamilies() throws Exception {
        // Rows as /proc/net/tcp and tcp6 print them on x86: 127.0.0.1:8080 and [::]:9411 listening, one established.
        assertThat(ListeningSockets.parse("   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 48133 1 0000000000000000 100 0 0 10 0"))
                .get().isEqualTo(new ListeningSockets.Row(new ListeningSockets.Listening(InetAddress.getByName("127.0.0.1"), 8080), "48133"));
        assertThat(ListeningSockets.parse("   1: 00000000000000000000000000000000:24C3 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 51234 1 0000000000000000 100 0 0 10 0"))
                .get().satisfies(row -> {
                    assertThat(row.socket().port()).isEqualTo(9411);
                    assertThat(row.socket().beyondLoopback()).isTrue();
                    assertThat(row.socket()).hasToString("*:9411");
                });
        assertThat(ListeningSockets.parse("   2: 00000000000000000000000001000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 51235 1 0000000000000000 100 0 0 10 0"))
                .get().satisfies(row -> assertThat(row.socket().address()).isEqualTo(InetAddress.getByName("::1")));
        assertThat(ListeningSockets.parse("   3: 0100007F:1F90 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 48200 1 0000000000000000 20 4 30 10 -1"))
                .isEmpty();
    }

    /** A process of its own that listens on the loopback alone and prints its port. */
    public static final class LoopbackOnly {
        public static void main(String[] args) throws Exception {
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
                System.out.println(socket.getLocalPort());
                System.out.flush();
                Thread.sleep(60_000);
            }
        }
    }
}
