package lab.vthreads.contract.suite;

import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.cep.CepLatency;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(value = 3, unit = TimeUnit.MINUTES)
public abstract class DuplicateCpfContract extends ContractTest {


    @Test
    void aSecondPostWithTheSameCpfIsAConflict() {
        String cpf = Cpfs.next();
        assertThat(http.postJson("/v1/pessoas", Http.pessoa(cpf, "PRIMEIRO", "01001000")).status()).isEqualTo(201);

        Http.Reply again = http.postJson("/v1/pessoas", Http.pessoa(cpf, "SEGUNDO", "01001000"));

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:duplicate-cpf");
        assertThat(tables.pessoasWithCpf(cpf)).isEqualTo(1);
        assertThat(tables.enderecos()).isEqualTo(1);
    }

    @Test
    void twentyConcurrentPostsWithOneCpfCreateExactlyOnePerson() throws Exception {
        twentyClientsPostOneCpfAtOnceAndExactlyOnePersonIsStored();
    }

    /**
     * The race held open: with every CEP lookup taking 300 ms, all twenty requests are past any check of the CPF and
     * waiting on the CEP API before the first of them stores its person, so only the database's own constraint can
     * keep the second one out, and its refusal must reach the client as a 409, not a 500.
     */
    @Test
    void twentyConcurrentPostsWithOneCpfWhileTheCepApiIsSlowCreateExactlyOnePerson() throws Exception {
        SharedInfrastructure.cep().setLatency(new CepLatency.FixedLatency(300));
        try {
            twentyClientsPostOneCpfAtOnceAndExactlyOnePersonIsStored();
        } finally {
            SharedInfrastructure.cep().setLatency(new CepLatency.None());
        }
    }

    private void twentyClientsPostOneCpfAtOnceAndExactlyOnePersonIsStored() throws Exception {
        String cpf = Cpfs.next();
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(20)) {
            List<Future<Integer>> statuses = java.util.stream.IntStream.range(0, 20)
                    .mapToObj(i -> pool.submit(() -> {
                        start.await();
                        return http.postJson("/v1/pessoas", Http.pessoa(cpf, "CONCORRENTE " + i, "01001000", "22041012")).status();
                    }))
                    .toList();
            start.countDown();

            List<Integer> results = new java.util.ArrayList<>();
            for (Future<Integer> status : statuses) {
                results.add(status.get(60, TimeUnit.SECONDS));
            }
            assertThat(results).filteredOn(s -> s == 201).hasSize(1);
            assertThat(results).filteredOn(s -> s == 409).hasSize(19);
        }
        assertThat(tables.pessoasWithCpf(cpf)).isEqualTo(1);
        assertThat(tables.enderecosOf(cpf)).hasSize(2);
        assertThat(tables.enderecos()).isEqualTo(2);
    }
}
