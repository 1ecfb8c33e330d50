package lab.vthreads.pessoa.problem;

import lab.vthreads.contract.suite.GeneratedInputContract;
import lab.vthreads.pessoa.PessoaServiceApplication;
import lab.vthreads.pessoa.support.RealInfrastructureProperties;
import net.jqwik.api.lifecycle.BeforeContainer;

/** The contract's generated requests, against pessoa-service. */
class GeneratedInputIT extends GeneratedInputContract {

    @BeforeContainer
    static void start() {
        serve(PessoaServiceApplication.class, RealInfrastructureProperties.values());
    }
}
