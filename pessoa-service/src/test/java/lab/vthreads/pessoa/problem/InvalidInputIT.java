package lab.vthreads.pessoa.problem;

import lab.vthreads.contract.suite.InvalidInputContract;
import lab.vthreads.pessoa.support.ServiceTest;

/** The contract's bad input, against pessoa-service. */
@ServiceTest
class InvalidInputIT extends InvalidInputContract {
}
