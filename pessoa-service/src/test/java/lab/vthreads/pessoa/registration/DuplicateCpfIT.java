package lab.vthreads.pessoa.registration;

import lab.vthreads.contract.suite.DuplicateCpfContract;
import lab.vthreads.pessoa.support.ServiceTest;

/** The contract's duplicate CPFs, against pessoa-service. */
@ServiceTest
class DuplicateCpfIT extends DuplicateCpfContract {
}
