package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.common.ConsoleNotifier;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The mock CEP API: WireMock serving {@code wiremock/mappings} and {@code wiremock/__files}.
 *
 * <p>Responses are asynchronous and the request journal is off. With Jetty's default threading every delayed
 * response holds a container thread, and the project's prototype measured WireMock itself capping at ~80 req/s under 1000 concurrent delayed
 * requests: the lab would then measure the mock, not the service.
 */
public final class CepMockServer implements AutoCloseable {

    private final WireMockServer server;
    private final RefusingFront front;

    private CepMockServer(WireMockServer server, RefusingFront front) {
        this.server = server;
        this.front = front;
    }

    /** Starts on 127.0.0.1:{@code port} (0 picks a free one) with the mappings under {@code root} and the given latency. */
    public static CepMockServer start(int port, Path root, CepLatency latency) {
        return start("127.0.0.1", port, root, latency);
    }

    /** The same on another address ({@code 0.0.0.0} for every interface). */
    public static CepMockServer start(String bindAddress, int port, Path root, CepLatency latency) {
        return start(bindAddress, port, root, latency, false);
    }

    /**
     * @param refusable put a {@link RefusingFront} on the port, with WireMock behind it on a free loopback port, so that
     *                  the mock can refuse connections on request ({@link ConnectionRefusalsApi}); it relays every
     *                  byte, so only runs that inject refusals should pay for it
     */
    public static CepMockServer start(String bindAddress, int port, Path root, CepLatency latency, boolean refusable) {
        return start(bindAddress, port, root, latency, refusable, false);
    }

    /** @param userStubs a user's stubs, not the CEP API's: the latency goes on every stub ({@link CepLatencySwitch#applyToAll}) */
    public static CepMockServer start(String bindAddress, int port, Path root, CepLatency latency, boolean refusable, boolean userStubs) {
        if (!Files.isDirectory(root.resolve("mappings"))) {
            throw new IllegalArgumentException("No WireMock mappings under " + root.toAbsolutePath()
                    + (userStubs ? ": a stubs folder holds mappings/ and __files/" : ": point --root at the repository's wiremock/ folder"));
        }
        // Made before WireMock (its admin route and transformer hold it), started once WireMock has its port.
        RefusingFront front = refusable ? new RefusingFront(bindAddress, port) : null;
        WireMockConfiguration options = WireMockConfiguration.options()
                .bindAddress(refusable ? "127.0.0.1" : bindAddress)
                .port(refusable ? 0 : port)
                .usingFilesUnderDirectory(root.toString())
                .asynchronousResponseEnabled(true)
                .asynchronousResponseThreads(8)
                .containerThreads(32)
                // The lab opens up to ~1000 connections at once; Jetty's default backlog drops SYNs well before that,
                // and a dropped SYN costs a 1 s retransmit: a connect timeout that is the mock's fault, not the service's.
                .jettyAcceptQueueSize(2048)
                .disableRequestJournal()
                // For CepFaultInjection: faults on a share of the lookups, switched on and off at runtime.
                .extensions(new ChanceMatcher(), new ConnectionRefusalsApi(front))
                .notifier(new ConsoleNotifier(false));
        if (front != null) options.extensions(new CloseConnectionsWhileRefusing(front));
        WireMockServer server = new WireMockServer(options);
        server.start();
        if (front != null) {
            try {
                front.start(server.port());
            } catch (RuntimeException e) {
                server.stop();
                throw e;
            }
        }
        CepMockServer mock = new CepMockServer(server, front);
        try {
            if (userStubs) CepLatencySwitch.applyToAll(server, latency);
            else mock.setLatency(latency);
        } catch (RuntimeException e) {
            server.stop();
            throw e;
        }
        return mock;
    }

    public void setLatency(CepLatency latency) {
        CepLatencySwitch.apply(server, latency);
    }

    /** Where clients connect: the front's port when it has one. */
    public int port() {
        return front != null ? front.port() : server.port();
    }

    /** Where clients on this machine reach it. */
    public String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    /** The front that can refuse connections; null when the mock was started without one. */
    public RefusingFront front() {
        return front;
    }

    public WireMockServer server() {
        return server;
    }

    @Override
    public void close() {
        if (front != null) front.close();
        server.stop();
    }
}
