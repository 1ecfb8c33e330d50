package lab.vthreads.lab.cli;

import lab.vthreads.lab.stack.StackSettings;
import picocli.CommandLine.Option;

/** Every port the lab's components listen on; a busy one stops the start with a message naming its option. */
public class PortOptions {

    @Option(names = "--gateway-port", defaultValue = "8080") int gateway;
    @Option(names = "--gateway-management-port", defaultValue = "9080") int gatewayManagement;
    @Option(names = "--pessoa-port", defaultValue = "8081") int pessoa;
    @Option(names = "--pessoa-management-port", defaultValue = "9081") int pessoaManagement;
    @Option(names = "--wiremock-port", defaultValue = "8089") int wiremock;
    @Option(names = "--postgres-port", defaultValue = "55432") int postgres;

    public StackSettings.StackPorts ports() {
        return new StackSettings.StackPorts(gateway, gatewayManagement, pessoa, pessoaManagement, wiremock, postgres);
    }
}
