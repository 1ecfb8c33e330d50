package lab.vthreads.pessoa.pessoa;

import org.springframework.resilience.annotation.ConcurrencyLimit;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.function.Supplier;

/**
 * Every transaction of a registration runs through here, so one concurrency limit can stand in front of the pool.
 *
 * <p>Virtual threads remove the Tomcat pool that used to cap how many requests wait for a connection: 1,000 users
 * become 1,000 Hikari waiters that time out after 30 s. With {@code lab.database.concurrency-limit} set (at most the
 * pool size), requests over the limit are refused at once ({@code InvocationRejectedException}, answered as 503 +
 * Retry-After) instead of queueing. The default, -1, means no limit.
 */
@Component
public class DatabaseWork {

    private final TransactionTemplate transaction;

    DatabaseWork(PlatformTransactionManager transactionManager) {
        this.transaction = new TransactionTemplate(transactionManager);
    }

    @ConcurrencyLimit(limitString = "${lab.database.concurrency-limit:-1}", policy = ConcurrencyLimit.ThrottlePolicy.REJECT)
    public <T> T inTransaction(Supplier<T> work) {
        return transaction.execute(status -> work.get());
    }
}
