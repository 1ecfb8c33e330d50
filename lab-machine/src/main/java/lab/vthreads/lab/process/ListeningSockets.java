package lab.vthreads.lab.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The TCP ports a process listens on, and on which addresses, read from Linux's {@code /proc} as the kernel sees them:
 * the process's open sockets ({@code /proc/PID/fd}) matched to its network namespace's table of listening sockets
 * ({@code /proc/PID/net/tcp} and {@code tcp6}). The lab asks every server it starts to listen on 127.0.0.1 through
 * Spring's {@code server.address}; an application whose server does not take that property (Armeria, a Netty server
 * of its own, gRPC) listens on every interface all the same, and only this says so.
 */
public final class ListeningSockets {

    /** The state /proc/net/tcp gives a listening socket (TCP_LISTEN). */
    private static final String LISTEN = "0A";

    /** One listening socket: its address and port. */
    public record Listening(InetAddress address, int port) {

        /** Reachable from another machine: every interface (0.0.0.0, ::) or an address that is not the loopback's. */
        public boolean beyondLoopback() {
            return !address.isLoopbackAddress();
        }

        @Override
        public String toString() {
            String host = address.isAnyLocalAddress() ? "*" : address.getHostAddress();
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }
    }

    private ListeningSockets() {
    }

    /** The sockets {@code pid} listens on; empty where /proc cannot say (not Linux, the process gone). */
    public static Optional<List<Listening>> of(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        Set<String> inodes = socketInodes(proc.resolve("fd"));
        if (inodes == null) return Optional.empty();
        List<Listening> listening = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            List<String> lines;
            try {
                lines = Files.readAllLines(proc.resolve("net").resolve(table));
            } catch (IOException e) {
                if (!Files.isDirectory(proc)) return Optional.empty();
                continue; // no table for this family (IPv6 off): nothing listens on it
            }
            lines.stream().skip(1).map(ListeningSockets::parse).flatMap(Optional::stream)
                    .filter(row -> inodes.contains(row.inode())).forEach(row -> listening.add(row.socket()));
        }
        return Optional.of(listening.stream().distinct().toList());
    }

    /**
     * What the process exposes beyond the loopback when the lab asked it for {@code bindAddress}: "*:8080, *:9080"; empty
     * where it kept to the loopback, where the user asked for another address, or where /proc cannot say.
     */
    public static Optional<String> beyondLoopback(long pid, String bindAddress) {
        if (!isLoopback(bindAddress)) return Optional.empty();
        return of(pid).map(sockets -> sockets.stream().filter(Listening::beyondLoopback).map(Listening::toString)
                        .collect(Collectors.toCollection(TreeSet::new)))
                .filter(exposed -> !exposed.isEmpty()).map(exposed -> String.join(", ", exposed));
    }

    private static boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** The inodes of the process's open sockets ("socket:[12345]" links); null where /proc has no such process. */
    private static Set<String> socketInodes(Path fds) {
        if (!Files.isDirectory(fds)) return null;
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> each = Files.list(fds)) {
            each.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) inodes.add(target.substring("socket:[".length(), target.length() - 1));
                } catch (IOException | UnsupportedOperationException e) {
                    // Closed between the listing and the read: not listening any more.
                }
            });
        } catch (IOException e) {
            return null;
        }
        return inodes;
    }

    /** One row of /proc/net/tcp or tcp6. */
    record Row(Listening socket, String inode) {
    }

    /**
     * A listening row of /proc/net/tcp{,6}: {@code sl local_address rem_address st ... uid timeout inode}, the local
     * address in hex, each 32-bit word in the host's byte order (little-endian on x86 and ARM); empty for any other state.
     */
    static Optional<Row> parse(String line) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length < 10 || !LISTEN.equals(fields[3])) return Optional.empty();
        String[] local = fields[1].split(":");
        try {
            byte[] address = addressBytes(local[0]);
            return Optional.of(new Row(new Listening(InetAddress.getByAddress(address), Integer.parseInt(local[1], 16)), fields[9]));
        } catch (RuntimeException | UnknownHostException e) {
            return Optional.empty();
        }
    }

    private static byte[] addressBytes(String hex) {
        if (hex.length() != 8 && hex.length() != 32) throw new IllegalArgumentException("not an address: " + hex);
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                // Within each word the bytes are stored least significant first.
                int from = word * 8 + (3 - b) * 2;
                bytes[word * 4 + b] = (byte) Integer.parseInt(hex.substring(from, from + 2).toUpperCase(Locale.ROOT), 16);
            }
        }
        return bytes;
    }
}
