package lab.vthreads.gateway.generated;

import lab.vthreads.contract.suite.GeneratedInputContract;
import lab.vthreads.gateway.GatewayServiceApplication;
import lab.vthreads.gateway.support.PessoaServiceProcess;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The contract's generated requests sent as a client sends them: to this gateway (in the test JVM), in front of an
 * implementation's real jar. The gateway must pass each answer on as the implementation gave it, a ProblemDetail
 * included, and add no 5xx of its own.
 */
abstract class ThroughTheGateway extends GeneratedInputContract {

    static void sendThroughTheGatewayTo(PessoaServiceProcess implementation) {
        ConfigurableApplicationContext gateway;
        try {
            gateway = new SpringApplicationBuilder(GatewayServiceApplication.class)
                    .run("--server.port=0", "--management.server.port=0", "--lab.gateway.pessoa-url=" + implementation.baseUrl());
        } catch (RuntimeException e) {
            implementation.close();
            throw e;
        }
        sendTo("http://127.0.0.1:" + gateway.getEnvironment().getRequiredProperty("local.server.port"), gateway, implementation);
    }
}
