package lab.vthreads.infra.cep;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP front for the CEP mock that can refuse connections: it owns the API's port and relays every connection, byte
 * for byte, to WireMock on a port of its own.
 *
 * <p>Why a front: "connection refused" is the kernel's answer to a SYN on a port nobody listens on, so only whoever owns
 * the listening socket can produce it, and WireMock's Jetty offers no way to close and reopen its own. While
 * {@linkplain #refuse refusing}, the front closes its listening socket for {@code rate} of every 100 ms (5 ms at 5%):
 * a connection attempted then is refused by the kernel, a real {@code ECONNREFUSED}; one attempted in the rest of the
 * period is served. Connections already open are left alone, so only lookups that open one can be refused
 * ({@link CloseConnectionsWhileRefusing} makes every lookup open one meanwhile).
 */
public final class RefusingFront implements AutoCloseable {

    // Many short closings, not a few long ones: the refused share of the lookups is the closed share of the time only
    // when the closings sample the lookups' arrivals evenly. With one 50 ms closing a second, ten in a 10 s window, the
    // lab's faults preset refused 2.4% and 3.9% of the window's lookups instead of 5%: those ten moments caught fewer
    // arrivals than the average. The kernel refuses at once, so 5 ms is as real a refusal as 50.
    static final long PERIOD_MS = 100;

    // With port 0 the first bind picks the port; every reopening takes that one.
    private InetSocketAddress address;
    private InetSocketAddress backend;
    private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("cep-front-refusals").daemon().factory());
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong closedSlices = new AtomicLong();
    // Measured, not assumed: a reopening that its timer thread runs late (the mock shares a CPU with the load generator)
    // keeps the listener closed longer than the rate asks, and the account says so.
    private final AtomicLong closedNanos = new AtomicLong();
    private long closedAt;
    private volatile long acceptedBefore;
    private ServerSocketChannel listener;
    private Thread acceptor;
    private ScheduledFuture<?> slices;
    private ScheduledFuture<?> end;
    private volatile boolean refusing;
    private boolean closed;

    /**
     * A front for {@code bindAddress:port}, not listening until {@link #start}. Give it a port below the ephemeral range
     * (the lab's 8089 is): while it refuses, a connection to a port of that range can be given the same port as its
     * source and connect to itself, and the front could not listen again.
     */
    public RefusingFront(String bindAddress, int port) {
        this.address = new InetSocketAddress(bindAddress, port);
    }

    /** Listens, and relays every connection to 127.0.0.1:{@code backendPort}. */
    public synchronized void start(int backendPort) {
        backend = new InetSocketAddress("127.0.0.1", backendPort);
        try {
            listen();
        } catch (IOException e) {
            throw new IllegalStateException("The CEP mock's front cannot listen on " + address + ": " + e.getMessage(), e);
        }
    }

    public synchronized int port() {
        return address.getPort();
    }

    /**
     * Refuses new connections for {@code rate} of every 100 ms, for {@code length}, then listens all the time again.
     * A call while refusing replaces the schedule.
     */
    public synchronized void refuse(double rate, Duration length) {
        if (!(rate > 0) || rate >= 1) throw new IllegalArgumentException("rate must be above 0 and below 1: " + rate);
        if (length.isNegative() || length.isZero()) throw new IllegalArgumentException("length must be positive: " + length);
        cancelSchedule();
        long sliceNanos = Math.round(rate * PERIOD_MS * 1e6);
        closedSlices.set(0);
        closedNanos.set(0);
        acceptedBefore = accepted.get();
        refusing = true;
        AtomicLong periods = new AtomicLong();
        slices = clock.scheduleAtFixedRate(() -> closeFor(periods.incrementAndGet() * sliceNanos, sliceNanos), 0, PERIOD_MS,
                TimeUnit.MILLISECONDS);
        end = clock.schedule(this::stopRefusing, length.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * One slice's closing. The timer that reopens runs late when the mock's CPU is busy: asked for 5 ms, the closings
     * lasted 8.3 ms on average in a faults run here (7.6% of the window closed, not 5%). So each closing lasts what the
     * rate still owes after the earlier ones' overruns (at most two slices' worth), and the closed share of the time
     * stays the rate asked for. Under the lock, and only while refusing: a slice that was already running when the
     * refusals stopped must not close the listener again after {@link #stopRefusing} reopened it.
     */
    private synchronized void closeFor(long dueNanos, long sliceNanos) {
        if (!refusing) return;
        long owed = Math.min(dueNanos - closedNanos.get(), 2 * sliceNanos);
        if (owed <= 0 || !closeListener()) return;
        closedSlices.incrementAndGet();
        clock.schedule(this::reopen, owed, TimeUnit.NANOSECONDS);
    }

    /** Listens all the time again, at once. */
    public synchronized void stopRefusing() {
        cancelSchedule();
        refusing = false;
        reopen();
    }

    /** Since the last {@link #refuse}: how often and how long in all the listener was closed, and the connections it accepted. */
    public record Closings(long slices, double closedMs, long accepted) {
    }

    public Closings closings() {
        return new Closings(closedSlices.get(), closedNanos.get() / 1e6, accepted.get() - acceptedBefore);
    }

    public boolean refusing() {
        return refusing;
    }

    @Override
    public synchronized void close() {
        closed = true;
        cancelSchedule();
        clock.shutdownNow();
        closeListener();
    }

    private void cancelSchedule() {
        if (slices != null) slices.cancel(false);
        if (end != null) end.cancel(false);
        slices = end = null;
    }

    /** @return whether it was listening */
    private synchronized boolean closeListener() {
        if (listener == null) return false;
        try {
            listener.close();
        } catch (IOException ignored) {
            // Closing a listening socket fails only if it is already closed.
        }
        awaitAcceptorGone();
        closedAt = System.nanoTime();
        listener = null;
        return true;
    }

    /**
     * A virtual thread blocked in accept keeps the socket listening after close() until it runs again: the JDK closes
     * the descriptor only as that thread leaves accept. Until then the kernel still takes connections, and a reopening
     * finds the port in use ("cannot listen again", the mock's API down for good): seen once in a CI-like run on a busy
     * machine, and on JDK 25 a bind right after such a close failed 1,914 times in 2,000 (none after joining the
     * acceptor). So a closing ends when the acceptor has.
     */
    private void awaitAcceptorGone() {
        try {
            if (acceptor != null && !acceptor.join(Duration.ofSeconds(5))) {
                System.err.println("CEP mock front: the accept thread on " + address + " did not end within 5 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        acceptor = null;
    }

    private synchronized void reopen() {
        if (closed || listener != null) return;
        long now = System.nanoTime();
        closedNanos.addAndGet(now - closedAt);
        closedAt = now;
        try {
            listen();
        } catch (IOException e) {
            // Something else took the port in the few ms it was free: the API stays down, and says why.
            System.err.println("CEP mock front: cannot listen on " + address + " again: " + e.getMessage());
        }
    }

    private synchronized void listen() throws IOException {
        ServerSocketChannel channel = ServerSocketChannel.open();
        channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        // As WireMock's own accept queue (CepMockServer): the lab opens hundreds of connections at once.
        channel.bind(address, 2048);
        if (address.getPort() == 0) address = new InetSocketAddress(address.getAddress(), channel.socket().getLocalPort());
        listener = channel;
        acceptor = Thread.ofVirtual().name("cep-front-accept").start(() -> acceptAll(channel));
    }

    private void acceptAll(ServerSocketChannel channel) {
        while (channel.isOpen()) {
            try {
                SocketChannel client = channel.accept();
                accepted.incrementAndGet();
                Thread.ofVirtual().name("cep-front-relay").start(() -> relay(client));
            } catch (IOException e) {
                if (!channel.isOpen()) return;
            }
        }
    }

    private void relay(SocketChannel client) {
        try (client; SocketChannel server = SocketChannel.open(backend)) {
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            server.setOption(StandardSocketOptions.TCP_NODELAY, true);
            Thread upstream = Thread.ofVirtual().name("cep-front-upstream").start(() -> pump(client, server));
            pump(server, client);
            upstream.join();
        } catch (IOException | InterruptedException e) {
            // The backend is gone (WireMock stopping): the client sees its connection closed, as it would without us.
        }
    }

    /**
     * Copies until {@code from} ends, then ends {@code to}'s output the same way: a FIN for a FIN, and a reset for a
     * reset, so the mock's connection-reset fault still reaches the client as a reset, not as an empty response.
     */
    private static void pump(SocketChannel from, SocketChannel to) {
        ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
        try {
            while (from.read(buffer) >= 0) {
                buffer.flip();
                while (buffer.hasRemaining()) to.write(buffer);
                buffer.clear();
            }
            to.shutdownOutput();
        } catch (IOException e) {
            try {
                to.setOption(StandardSocketOptions.SO_LINGER, 0);
                to.close();
                from.close();
            } catch (IOException ignored) {
                // Already closed by the other direction.
            }
        }
    }
}
