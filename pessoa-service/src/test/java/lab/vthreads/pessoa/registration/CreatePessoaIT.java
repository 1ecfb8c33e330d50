package lab.vthreads.pessoa.registration;

import lab.vthreads.contract.suite.CreatePessoaContract;
import lab.vthreads.pessoa.support.ServiceTest;

/** The contract's registrations and reads, against pessoa-service. */
@ServiceTest
class CreatePessoaIT extends CreatePessoaContract {
}
