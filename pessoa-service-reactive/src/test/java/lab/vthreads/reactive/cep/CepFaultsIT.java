package lab.vthreads.reactive.cep;

import lab.vthreads.contract.suite.CepFaultsContract;
import lab.vthreads.reactive.support.ReactiveServiceTest;

/** The contract's CEP faults, against the reactive service. */
@ReactiveServiceTest
class CepFaultsIT extends CepFaultsContract {
}
