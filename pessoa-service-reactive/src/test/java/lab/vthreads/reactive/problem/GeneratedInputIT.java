package lab.vthreads.reactive.problem;

import lab.vthreads.contract.suite.GeneratedInputContract;
import lab.vthreads.reactive.ReactivePessoaApplication;
import lab.vthreads.reactive.support.RealInfrastructureProperties;
import net.jqwik.api.lifecycle.BeforeContainer;

/** The contract's generated requests, against the reactive service. */
class GeneratedInputIT extends GeneratedInputContract {

    @BeforeContainer
    static void start() {
        serve(ReactivePessoaApplication.class, RealInfrastructureProperties.values());
    }
}
