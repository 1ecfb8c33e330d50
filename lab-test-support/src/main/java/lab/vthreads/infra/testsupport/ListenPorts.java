package lab.vthreads.infra.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for servers a test starts later, or for a place where nothing may listen.
 *
 * <p>A port from {@code bind(0)} lies in the kernel's ephemeral range, which is also where outgoing connections get
 * their source ports: in the seconds between choosing such a port and listening on it, one of the test's own
 * connections can take it (CI once failed with "Port 39337 for gateway-service management is already in use" when
 * the second of two stacks started). A connection to such a port while nothing listens can even be given it as its
 * own source and connect to itself (TCP's simultaneous open), after which nothing can listen there. Ports below that
 * range are never handed out so; these are free when chosen, and this JVM never hands out the same one twice.
 */
public final class ListenPorts {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** Linux's default lower bound; macOS's range starts higher still. */
    private static final int DEFAULT_EPHEMERAL_LOW = 32_768;
    private static final int SPAN = 12_000;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private ListenPorts() {
    }

    public static int next() {
        int high = ephemeralLow();
        int low = Math.max(1_024, high - SPAN);
        for (int attempt = 0; attempt < 1_000; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(low, high);
            if (!HANDED_OUT.contains(port) && freeNow(port) && HANDED_OUT.add(port)) return port;
        }
        throw new IllegalStateException("No free port between " + low + " and " + high + " after 1000 tries");
    }

    static int ephemeralLow() {
        try {
            // Not Files.readString: on JDK 25 it returned "3" for this file (32768\t60999), as for other /proc/sys files.
            int low = Integer.parseInt(Files.readAllLines(EPHEMERAL_RANGE).getFirst().trim().split("\\s+")[0]);
            return low > 1_024 + 1_000 ? low : DEFAULT_EPHEMERAL_LOW;
        } catch (IOException | RuntimeException e) {
            return DEFAULT_EPHEMERAL_LOW;
        }
    }

    static boolean freeNow(int port) {
        try (ServerSocketChannel probe = ServerSocketChannel.open()) {
            probe.bind(new InetSocketAddress("127.0.0.1", port));
            return true;
        } catch (BindException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
