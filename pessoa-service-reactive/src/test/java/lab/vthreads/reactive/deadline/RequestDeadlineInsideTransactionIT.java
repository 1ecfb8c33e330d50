package lab.vthreads.reactive.deadline;

import lab.vthreads.contract.suite.RequestDeadlineContract;
import lab.vthreads.reactive.support.ReactiveServiceTest;
import org.springframework.test.context.TestPropertySource;

/** The contract's request deadlines, lookups inside the transaction, against the reactive service. */
@ReactiveServiceTest
@TestPropertySource(properties = "lab.cep.lookup-inside-transaction=true")
class RequestDeadlineInsideTransactionIT extends RequestDeadlineContract {
}
