package lab.vthreads.gateway.generated;

import lab.vthreads.gateway.support.PessoaServiceProcess;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import net.jqwik.api.lifecycle.BeforeContainer;

/** The generated requests through the gateway to the reactive service's jar. */
class GeneratedInputToTheReactiveServiceIT extends ThroughTheGateway {

    @BeforeContainer
    static void start() {
        sendThroughTheGatewayTo(PessoaServiceProcess.startReactive(SharedInfrastructure.reactiveProperties()));
    }
}
