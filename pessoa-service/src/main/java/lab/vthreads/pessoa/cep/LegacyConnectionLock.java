package lab.vthreads.pessoa.cep;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The pattern of older HTTP clients and JDBC drivers, switched on for the pinning experiment ({@code lab.cep.lock}):
 * each lookup's blocking I/O runs while it holds its own connection's lock. No two lookups share a lock, so nothing
 * waits for another; what differs is the carrier. On JDK 21 a virtual thread that blocks inside {@code synchronized}
 * keeps its carrier (it is pinned), so at most as many lookups run at once as there are carriers; JDK 24 (JEP 491)
 * unmounts it as it does for a {@link ReentrantLock}.
 */
public final class LegacyConnectionLock {

    public enum Kind { NONE, SYNCHRONIZED, REENTRANT_LOCK }

    private final Kind kind;
    // The open connections, as a legacy client keeps them: it also makes each lock reachable from elsewhere, so that
    // the JIT cannot prove it private to one thread and remove it (lock elision of an object that does not escape).
    private final Set<Connection> open = ConcurrentHashMap.newKeySet();

    public LegacyConnectionLock(Kind kind) {
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    public <T> T call(BlockingIo<T> io) throws IOException {
        if (kind == Kind.NONE) {
            return io.run();
        }
        Connection connection = new Connection();
        open.add(connection);
        try {
            return kind == Kind.SYNCHRONIZED ? connection.callSynchronized(io) : connection.callLocked(io);
        } finally {
            open.remove(connection);
        }
    }

    @FunctionalInterface
    public interface BlockingIo<T> {
        T run() throws IOException;
    }

    private static final class Connection {
        private final ReentrantLock lock = new ReentrantLock();

        synchronized <T> T callSynchronized(BlockingIo<T> io) throws IOException {
            return io.run();
        }

        <T> T callLocked(BlockingIo<T> io) throws IOException {
            lock.lock();
            try {
                return io.run();
            } finally {
                lock.unlock();
            }
        }
    }
}
