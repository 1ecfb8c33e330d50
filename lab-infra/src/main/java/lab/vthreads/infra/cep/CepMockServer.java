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

    private CepMockServer(WireMockServer server) {
        this.server = server;
    }

    /** Starts on 127.0.0.1:{@code port} (0 picks a free one) with the mappings under {@code root} and the given latency. */
    public static CepMockServer start(int port, Path root, CepLatency latency) {
        return start("127.0.0.1", port, root, latency);
    }

    /** The same on another address ({@code 0.0.0.0} for every interface). */
    public static CepMockServer start(String bindAddress, int port, Path root, CepLatency latency) {
        if (!Files.isDirectory(root.resolve("mappings"))) {
            throw new IllegalArgumentException("No WireMock mappings under " + root.toAbsolutePath()
                    + ": point --root at the repository's wiremock/ folder");
        }
        WireMockConfiguration options = WireMockConfiguration.options()
                .bindAddress(bindAddress)
                .port(port)
                .usingFilesUnderDirectory(root.toString())
                .asynchronousResponseEnabled(true)
                .asynchronousResponseThreads(8)
                .containerThreads(32)
                // The lab opens up to ~1000 connections at once; Jetty's default backlog drops SYNs well before that,
                // and a dropped SYN costs a 1 s retransmit: a connect timeout that is the mock's fault, not the service's.
                .jettyAcceptQueueSize(2048)
                .disableRequestJournal()
                // For CepFaultInjection: faults on a share of the lookups, switched on and off at runtime.
                .extensions(new ChanceMatcher())
                .notifier(new ConsoleNotifier(false));
        WireMockServer server = new WireMockServer(options);
        server.start();
        CepMockServer mock = new CepMockServer(server);
        try {
            mock.setLatency(latency);
        } catch (RuntimeException e) {
            server.stop();
            throw e;
        }
        return mock;
    }

    public void setLatency(CepLatency latency) {
        CepLatencySwitch.apply(server, latency);
    }

    public int port() {
        return server.port();
    }

    /** Where clients on this machine reach it. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    public WireMockServer server() {
        return server;
    }

    @Override
    public void close() {
        server.stop();
    }
}
