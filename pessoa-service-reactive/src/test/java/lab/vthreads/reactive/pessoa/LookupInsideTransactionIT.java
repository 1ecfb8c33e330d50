package lab.vthreads.reactive.pessoa;

import io.r2dbc.pool.ConnectionPool;
import lab.vthreads.contract.suite.LookupInsideTransactionContract;
import lab.vthreads.reactive.support.ReactiveServiceTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's lookups inside the transaction, against the reactive service: r2dbc-pool of 2, 250 ms max-acquire-time. */
@ReactiveServiceTest
@TestPropertySource(properties = {"spring.r2dbc.pool.initial-size=2", "spring.r2dbc.pool.max-size=2", "spring.r2dbc.pool.max-acquire-time=250ms"})
class LookupInsideTransactionIT extends LookupInsideTransactionContract {

    @Autowired
    ConnectionPool pool;

    @Override
    protected void awaitConnectionsTaken(int count) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < deadline && pool.getMetrics().orElseThrow().acquiredSize() < count) {
            Thread.sleep(10);
        }
        assertThat(pool.getMetrics().orElseThrow().acquiredSize()).as("connections taken").isEqualTo(count);
    }
}
