package lab.vthreads.pessoa.deadline;

import lab.vthreads.contract.suite.RequestDeadlineContract;
import lab.vthreads.pessoa.support.ServiceTest;
import org.springframework.test.context.TestPropertySource;

/** The contract's request deadlines, lookups inside the transaction, against pessoa-service. */
@ServiceTest
@TestPropertySource(properties = "lab.cep.lookup-inside-transaction=true")
class RequestDeadlineInsideTransactionIT extends RequestDeadlineContract {
}
