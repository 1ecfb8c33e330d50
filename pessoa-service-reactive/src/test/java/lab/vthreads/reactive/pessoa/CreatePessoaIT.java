package lab.vthreads.reactive.pessoa;

import lab.vthreads.contract.suite.CreatePessoaContract;
import lab.vthreads.reactive.support.ReactiveServiceTest;

/** The contract's registrations and reads, against the reactive service. */
@ReactiveServiceTest
class CreatePessoaIT extends CreatePessoaContract {
}
