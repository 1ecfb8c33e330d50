package lab.vthreads.reactive.pessoa;

import lab.vthreads.contract.deadline.RequestDeadline;
import org.springframework.stereotype.Component;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Every transaction of a registration runs through here, with the request's deadline checked where pessoa-service
 * checks it: before asking for a connection, once it is held (R2dbcTransactionManager takes it when the transaction
 * begins, before the work is subscribed) and before the commit. Past the deadline the work fails, and the
 * transaction rolls back: nothing stored.
 */
@Component
class DatabaseWork {

    private final TransactionalOperator transaction;

    DatabaseWork(ReactiveTransactionManager transactionManager) {
        this.transaction = TransactionalOperator.create(transactionManager);
    }

    <T> Mono<T> inTransaction(RequestDeadline deadline, Mono<T> work) {
        return Mono.defer(() -> {
            deadline.requireAhead("before it asked for a database connection");
            Mono<T> checked = Mono.defer(() -> {
                deadline.requireAhead("while it waited for a database connection");
                return work;
            }).doOnNext(result -> deadline.requireAhead("before its transaction could commit"));
            return transaction.transactional(checked);
        });
    }
}
