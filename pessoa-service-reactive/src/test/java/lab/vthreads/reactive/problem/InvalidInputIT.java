package lab.vthreads.reactive.problem;

import lab.vthreads.contract.suite.InvalidInputContract;
import lab.vthreads.reactive.support.ReactiveServiceTest;

/** The contract's bad input, against the reactive service. */
@ReactiveServiceTest
class InvalidInputIT extends InvalidInputContract {
}
