package lab.vthreads.reactive.cep;

import lab.vthreads.contract.suite.CepConnectionLimitContract;
import lab.vthreads.reactive.support.ReactiveServiceTest;

/** The contract's CEP connection limit, against the reactive service's Reactor Netty pool. */
@ReactiveServiceTest
class CepConnectionLimitIT extends CepConnectionLimitContract {
}
