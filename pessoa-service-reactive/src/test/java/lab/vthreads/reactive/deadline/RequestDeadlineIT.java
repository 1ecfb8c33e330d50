package lab.vthreads.reactive.deadline;

import lab.vthreads.contract.suite.RequestDeadlineContract;
import lab.vthreads.reactive.support.ReactiveServiceTest;

/** The contract's request deadlines, lookups before the transaction, against the reactive service. */
@ReactiveServiceTest
class RequestDeadlineIT extends RequestDeadlineContract {
}
