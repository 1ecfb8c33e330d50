package lab.vthreads.infra.cep;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** Runs the mock CEP API as a process of its own, so the lab can measure and limit it apart from the services. */
@Command(name = "cep-mock", mixinStandardHelpOptions = true,
        description = "The WireMock CEP API from wiremock/, with asynchronous responses and no request journal.")
public final class CepMockMain implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8089", description = "HTTP port (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "address to listen on (default: ${DEFAULT-VALUE})")
    String bind;

    @Option(names = "--root", defaultValue = "wiremock", description = "folder with mappings/ and __files/ (default: ${DEFAULT-VALUE})")
    Path root;

    @Option(names = "--latency", defaultValue = "lognormal:200:0.4", converter = LatencyConverter.class,
            description = "lognormal:MEDIAN_MS:SIGMA | fixed:MS | uniform:LO_MS:HI_MS | none (default: ${DEFAULT-VALUE})")
    CepLatency latency;

    @Option(names = "--refusable", description = "put a TCP front on the port that can refuse connections on request "
            + "(POST /__admin" + ConnectionRefusalsApi.PATH + "); it relays every byte, so only for runs that inject refusals")
    boolean refusable;

    @Option(names = "--user-stubs", description = "the root holds a user's stubs, not the CEP API's: the latency, unless none, goes on "
            + "every stub, replacing their own delays")
    boolean userStubs;

    public static void main(String[] args) {
        System.exit(new CommandLine(new CepMockMain()).execute(args));
    }

    @Override
    public Integer call() throws InterruptedException {
        CepMockServer server = CepMockServer.start(bind, port, root, latency, refusable, userStubs);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }));
        System.out.println("CEP mock ready on " + server.baseUrl() + " with latency " + latency.text()
                + (refusable ? ", behind a front that can refuse connections" : ""));
        stopped.await();
        return 0;
    }

    /** Turns a bad latency into picocli's usage error, with the accepted forms, instead of a stack trace. */
    public static final class LatencyConverter implements CommandLine.ITypeConverter<CepLatency> {
        @Override
        public CepLatency convert(String value) {
            try {
                return CepLatency.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
