package lab.vthreads.pessoa.cep;

import lab.vthreads.contract.suite.CepConnectionLimitContract;
import lab.vthreads.pessoa.support.ServiceTest;

/** The contract's CEP connection limit, against pessoa-service's HttpClient 5 pool. */
@ServiceTest
class CepConnectionLimitIT extends CepConnectionLimitContract {
}
