package lab.vthreads.pessoa.registration;

import lab.vthreads.contract.suite.LookupInsideTransactionContract;
import lab.vthreads.pessoa.support.HikariPool;
import lab.vthreads.pessoa.support.ServiceTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import javax.sql.DataSource;
import java.time.Duration;

/** The contract's lookups inside the transaction, against pessoa-service: Hikari's pool of 2 (Flyway needs two at start-up). */
@ServiceTest
@TestPropertySource(properties = {"spring.datasource.hikari.maximum-pool-size=2", "spring.datasource.hikari.connection-timeout=250"})
class LookupInsideTransactionIT extends LookupInsideTransactionContract {

    @Autowired
    DataSource dataSource;

    @Override
    protected void awaitConnectionsTaken(int count) throws InterruptedException {
        HikariPool.awaitActive(dataSource, count, Duration.ofSeconds(20));
    }
}
