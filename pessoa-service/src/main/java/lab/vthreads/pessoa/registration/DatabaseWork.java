package lab.vthreads.pessoa.registration;

import jakarta.persistence.EntityManager;
import lab.vthreads.contract.deadline.RequestDeadline;
import org.hibernate.Session;
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
 * Retry-After, see {@link RetryAfterEstimate}) instead of queueing. The default, -1, means no limit.
 *
 * <p>Every transaction takes its connection before anything else. Hibernate would take it lazily, at the first
 * statement, and the first statement can be the sequence call its pooled ID optimizer makes while holding a lock
 * (one per entity): a transaction would then wait for the pool inside that lock, while the transactions holding every
 * connection waited for the lock. With more requests than connections, as virtual threads allow, that stalled the
 * service until the pool's timeout (IdGenerationUnderPoolPressureIT). Connection first, lock second: the lock's holder
 * never waits for the pool.
 */
@Component
public class DatabaseWork {

    private final TransactionTemplate transaction;

    private final EntityManager entityManager;

    private final RetryAfterEstimate retryAfter;

    DatabaseWork(PlatformTransactionManager transactionManager, EntityManager entityManager, RetryAfterEstimate retryAfter) {
        this.transaction = new TransactionTemplate(transactionManager);
        this.entityManager = entityManager;
        this.retryAfter = retryAfter;
    }

    /**
     * {@code work} in a transaction that is committed only while the {@code deadline} is ahead: past it, before the
     * connection, once it is held (the pool's wait can be long) or after the work, nothing is stored.
     */
    @ConcurrencyLimit(limitString = "${lab.database.concurrency-limit:-1}", policy = ConcurrencyLimit.ThrottlePolicy.REJECT)
    public <T> T inTransaction(RequestDeadline deadline, Supplier<T> work) {
        retryAfter.admitted();
        deadline.requireAhead("before it asked for a database connection");
        return transaction.execute(status -> {
            entityManager.unwrap(Session.class).doWork(connection -> { });
            deadline.requireAhead("while it waited for a database connection");
            T result = work.get();
            deadline.requireAhead("before its transaction could commit");
            return result;
        });
    }
}
