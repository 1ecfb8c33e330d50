package lab.vthreads.pessoa.registration;

import lab.vthreads.contract.pessoa.PessoaRequest;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.pessoa.support.ServiceTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Many more registrations at once than connections, as under virtual threads: Hibernate's pooled sequence optimizer
 * fetches a new block of IDs while holding a lock (one per entity), and a transaction that had not taken its
 * connection yet would ask the pool for one inside that lock. With every connection held by transactions waiting for
 * the same lock, nobody moved until the pool's timeout (the pool preset's outside-pool-5 cell: 0 req/s for minutes).
 * Every transaction now takes its connection first, so the lock's holder never waits for the pool.
 */
@TestPropertySource(properties = {
        // Flyway needs two at start-up; two is also the fewest that let the old order deadlock. Hikari's own 30 s
        // timeout: hundreds queueing for two connections is no failure, only a stall is.
        "spring.datasource.hikari.maximum-pool-size=2",
        // Hundreds of lookups at once queue for the CEP client's connections; here they must all reach the database.
        // The connect timeout is also the wait for a pooled connection: 1,800 lookups leasing at once on a busy
        // machine once took over its 1 s default (8 of 600 registrations failed with cep-timeout in 6 s).
        "lab.cep.read-timeout=60s",
        "lab.cep.connect-timeout=60s",
})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class IdGenerationUnderPoolPressureIT extends ServiceTestBase {

    @Autowired
    PessoaRegistration registration;


    @Test
    void hundredsOfConcurrentRegistrationsOnTwoConnectionsAllSucceed() throws Exception {
        // 600 people with 3 addresses each: ~12 blocks of person IDs and ~36 of address IDs (allocationSize 50).
        int registrations = 600;
        Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
        List<Future<?>> done = new ArrayList<>();
        ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
        try {
            for (int i = 0; i < registrations; i++) {
                done.add(threads.submit(() -> {
                    try {
                        registration.register(new PessoaRequest(Cpfs.next(), "CONCORRENTE", List.of(
                                new PessoaRequest.EnderecoRequest("01001000"), new PessoaRequest.EnderecoRequest("22041012"),
                                new PessoaRequest.EnderecoRequest("70040010"))));
                    } catch (RuntimeException e) {
                        failures.computeIfAbsent(e.getClass().getSimpleName() + ": " + e.getMessage(), k -> new AtomicInteger()).incrementAndGet();
                    }
                }));
            }
            // Seconds of work when nothing stalls; with the old order every new block of IDs cost a 30 s pool timeout.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(100);
            for (Future<?> f : done) {
                try {
                    f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException stalled) {
                    fail("stalled: %d of %d registrations finished after 100 s", done.stream().filter(Future::isDone).count(), registrations);
                }
            }
        } finally {
            threads.shutdownNow();
        }

        assertThat(failures).as("registrations that failed, by reason").isEmpty();
        assertThat(tables.pessoas()).isEqualTo(registrations);
        assertThat(tables.enderecos()).isEqualTo(3L * registrations);
    }
}
