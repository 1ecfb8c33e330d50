package lab.vthreads.pessoa.support;

import lab.vthreads.contract.suite.ContractTest;

/**
 * A test of pessoa-service's own behaviour beyond the shared contract (its pool, its locks, its threads): the service
 * on its real port against the real PostgreSQL and CEP API, with the contract suite's client and tables.
 */
@ServiceTest
public abstract class ServiceTestBase extends ContractTest {
}
