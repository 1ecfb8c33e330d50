package lab.vthreads.reactive.problem;

import lab.vthreads.contract.suite.GeneratedInputContract;
import lab.vthreads.reactive.ReactivePessoaApplication;
import lab.vthreads.reactive.support.NothingBlocksAnEventLoop;
import lab.vthreads.reactive.support.RealInfrastructureProperties;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * The contract's generated requests, against the reactive service, with BlockHound watching its event loops: a
 * property fails if any of its requests blocked one, whatever the service answered.
 */
class GeneratedInputIT extends GeneratedInputContract {

    @BeforeContainer
    static void start() {
        NothingBlocksAnEventLoop.install();
        serve(ReactivePessoaApplication.class, RealInfrastructureProperties.values());
    }

    @BeforeProperty
    void watchTheEventLoops() {
        NothingBlocksAnEventLoop.forgetWhatWasRecorded();
    }

    @AfterProperty
    void nothingBlockedAnEventLoop() {
        NothingBlocksAnEventLoop.assertNothingWasRecorded();
    }
}
