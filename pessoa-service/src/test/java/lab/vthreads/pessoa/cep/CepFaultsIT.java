package lab.vthreads.pessoa.cep;

import lab.vthreads.contract.suite.CepFaultsContract;
import lab.vthreads.pessoa.support.ServiceTest;

/** The contract's CEP faults, against pessoa-service. */
@ServiceTest
class CepFaultsIT extends CepFaultsContract {
}
