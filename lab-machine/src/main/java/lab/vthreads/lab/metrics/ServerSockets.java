package lab.vthreads.lab.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * A server's requests still in flight after its clients have gone, seen from the kernel's side: Linux's socket
 * tables ({@code /proc/net/tcp} and {@code tcp6}), whatever the server runs and whatever it publishes.
 *
 * <p>When a client's process ends, its kernel closes every connection it had: the server's side of each goes to
 * CLOSE_WAIT and stays there until the server closes it. A server closes an idle keep-alive connection as soon as it
 * reads the end of it, but one whose request it is still working on only once that request is done. So the sockets
 * on its port in CLOSE_WAIT, once the load generator is gone, are its requests still in flight, accepted or still in
 * its listen queue.
 */
public final class ServerSockets {

    /** {@code st} in the tables: include/net/tcp_states.h. */
    private static final String CLOSE_WAIT = "08";
    private static final String LISTEN = "0A";

    private final List<Path> tables;

    /** @param procNet where the tables are ({@code /proc/net}): another path lets a test hand it tables of its own */
    public ServerSockets(Path procNet) {
        this.tables = List.of(procNet.resolve("tcp"), procNet.resolve("tcp6"));
    }

    public static final ServerSockets SYSTEM = new ServerSockets(Path.of("/proc/net"));

    /**
     * Sockets on local {@code port} in CLOSE_WAIT; empty where no server listens on that port in the tables this
     * process sees (no /proc, or a server in another network namespace, a container's): there the count would be 0
     * whether or not anything is in flight.
     */
    public OptionalInt closeWaiting(int port) {
        String localPort = String.format(":%04X", port);
        boolean listening = false;
        int waiting = 0;
        for (Path table : tables) {
            List<String> lines;
            try {
                lines = Files.readAllLines(table);
            } catch (IOException noTable) {
                continue;
            }
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length < 4 || !fields[1].endsWith(localPort)) continue;
                if (fields[3].equals(LISTEN)) listening = true;
                else if (fields[3].equals(CLOSE_WAIT)) waiting++;
            }
        }
        return listening ? OptionalInt.of(waiting) : OptionalInt.empty();
    }
}
