package lab.vthreads.reactive.pessoa;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import lab.vthreads.contract.deadline.RequestDeadline;
import org.springframework.stereotype.Component;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Every transaction of a registration runs through here, with the request's deadline checked where pessoa-service
 * checks it: before asking for a connection, once it is held (R2dbcTransactionManager takes it when the transaction
 * begins, before the work is subscribed) and before the commit. Past the deadline the work fails, and the
 * transaction rolls back: nothing stored.
 *
 * <p>It also times how long each transaction holds its connection ({@code pessoa.transactions}): r2dbc-pool's metrics
 * are gauges only, with nothing like Hikari's usage timer, and the lab's capacity model needs the hold time for the
 * pool's bound (pool size ÷ hold).
 */
@Component
class DatabaseWork {

    private final TransactionalOperator transaction;
    private final Timer held;

    DatabaseWork(ReactiveTransactionManager transactionManager, MeterRegistry registry) {
        this.transaction = TransactionalOperator.create(transactionManager);
        this.held = Timer.builder("pessoa.transactions")
                .description("How long a registration's transaction holds its connection: from the moment it is held to the end of its commit or rollback")
                .register(registry);
    }

    <T> Mono<T> inTransaction(RequestDeadline deadline, Mono<T> work) {
        return Mono.defer(() -> {
            deadline.requireAhead("before it asked for a database connection");
            AtomicReference<Timer.Sample> holding = new AtomicReference<>();
            Mono<T> checked = Mono.defer(() -> {
                holding.set(Timer.start());
                deadline.requireAhead("while it waited for a database connection");
                return work;
            }).doOnNext(result -> deadline.requireAhead("before its transaction could commit"));
            // Stopped before the outcome goes on (doOnSuccess, doOnError), so that it is recorded before the response is
            // written; a cancelled request stops it too.
            return transaction.transactional(checked)
                    .doOnSuccess(result -> stop(holding))
                    .doOnError(error -> stop(holding))
                    .doOnCancel(() -> stop(holding));
        });
    }

    private void stop(AtomicReference<Timer.Sample> holding) {
        Timer.Sample sample = holding.getAndSet(null);
        if (sample != null) sample.stop(held);
    }
}
