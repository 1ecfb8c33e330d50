package lab.vthreads.reactive.pessoa;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import lab.vthreads.contract.suite.ContractTest;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.reactive.support.ReactiveServiceTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * pessoa.transactions, the hold time the lab's model reads for the reactive service's pool bound: one per transaction,
 * committed or rolled back, and nothing for a request refused before its transaction began.
 */
@ReactiveServiceTest
class TransactionTimerIT extends ContractTest {

    @Autowired
    MeterRegistry registry;

    @Test
    void everyTransactionIsTimedOnceWhetherItCommitsOrRollsBack() {
        Timer held = registry.get("pessoa.transactions").timer();
        long before = held.count();
        String cpf = Cpfs.next();

        assertThat(http.postJson("/v1/pessoas", Http.pessoa(cpf, "PRIMEIRO", "01001000")).status()).isEqualTo(201);
        assertThat(held.count() - before).as("after a commit").isEqualTo(1);
        assertThat(held.totalTime(TimeUnit.NANOSECONDS)).isPositive();

        assertThat(http.postJson("/v1/pessoas", Http.pessoa(cpf, "SEGUNDO", "01001000")).status()).isEqualTo(409);
        assertThat(held.count() - before).as("after a rollback").isEqualTo(2);

        assertThat(http.postJson("/v1/pessoas", "{\"cpf\":\"1\",\"nome\":\"\",\"enderecos\":[]}").status()).isEqualTo(400);
        assertThat(held.count() - before).as("after a request refused before its transaction").isEqualTo(2);
    }
}
