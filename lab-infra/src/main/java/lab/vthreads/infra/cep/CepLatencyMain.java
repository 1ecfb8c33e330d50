package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.client.HttpAdminClient;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.net.URI;
import java.util.concurrent.Callable;

/** Switches the latency of a running CEP mock through its admin API (compose runs this as a one-shot service). */
@Command(name = "cep-latency", mixinStandardHelpOptions = true,
        description = "Sets the CEP lookup latency of a running WireMock CEP API, without touching its mapping files.")
public final class CepLatencyMain implements Callable<Integer> {

    @Option(names = "--wiremock", defaultValue = "http://127.0.0.1:8089", description = "WireMock's base URL (default: ${DEFAULT-VALUE})")
    URI wiremock;

    @Option(names = "--latency", required = true, converter = CepMockMain.LatencyConverter.class,
            description = "lognormal:MEDIAN_MS:SIGMA | fixed:MS | uniform:LO_MS:HI_MS | none")
    CepLatency latency;

    public static void main(String[] args) {
        System.exit(new CommandLine(new CepLatencyMain()).execute(args));
    }

    @Override
    public Integer call() {
        int changed = CepLatencySwitch.apply(new HttpAdminClient(wiremock.getScheme(), wiremock.getHost(), wiremock.getPort()), latency);
        System.out.println("CEP latency of " + wiremock + " set to " + latency.text() + " on " + changed + " stubs");
        return 0;
    }
}
