package lab.vthreads.pessoa.deadline;

import lab.vthreads.contract.suite.RequestDeadlineContract;
import lab.vthreads.pessoa.support.ServiceTest;

/** The contract's request deadlines, lookups before the transaction, against pessoa-service. */
@ServiceTest
class RequestDeadlineIT extends RequestDeadlineContract {
}
