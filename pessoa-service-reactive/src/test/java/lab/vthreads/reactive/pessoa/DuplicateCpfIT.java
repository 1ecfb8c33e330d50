package lab.vthreads.reactive.pessoa;

import lab.vthreads.contract.suite.DuplicateCpfContract;
import lab.vthreads.reactive.support.ReactiveServiceTest;

/** The contract's duplicate CPFs, against the reactive service. */
@ReactiveServiceTest
class DuplicateCpfIT extends DuplicateCpfContract {
}
