package lab.vthreads.infra.testsupport;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ListenPortsTest {

    @Test
    void portsLieBelowTheEphemeralRangeAreNeverRepeatedAndCanBeListenedOn() throws IOException {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < 300; i++) ports.add(ListenPorts.next());

        assertThat(ports).doesNotHaveDuplicates().allMatch(p -> p >= 1_024 && p < ListenPorts.ephemeralLow());
        for (int port : ports.subList(0, 20)) {
            try (ServerSocketChannel server = ServerSocketChannel.open()) {
                server.bind(new InetSocketAddress("127.0.0.1", port));
                assertThat(server.socket().getLocalPort()).isEqualTo(port);
            }
        }
    }

    @Test
    void aPortSomeoneListensOnIsNotFree() throws IOException {
        int port = ListenPorts.next();
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress("127.0.0.1", port));
            assertThat(ListenPorts.freeNow(port)).isFalse();
        }
        assertThat(ListenPorts.freeNow(port)).isTrue();
    }
}
