package lab.vthreads.pessoa.pessoa;

import lab.vthreads.contract.suite.CreatePessoaContract;
import lab.vthreads.pessoa.support.ServiceTest;

/** The contract's registrations and reads, against pessoa-service. */
@ServiceTest
class CreatePessoaIT extends CreatePessoaContract {
}
