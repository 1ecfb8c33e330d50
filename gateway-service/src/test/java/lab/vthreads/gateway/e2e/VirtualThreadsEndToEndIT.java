package lab.vthreads.gateway.e2e;

import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.cep.CepLatency;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(value = 5, unit = TimeUnit.MINUTES)
class VirtualThreadsEndToEndIT extends EndToEndIT {

    @DynamicPropertySource
    static void virtualThreads(DynamicPropertyRegistry registry) {
        startPessoaService(true, registry);
    }

    /** Correctness under concurrency, not speed: every request succeeds and each 201 is exactly one row. */
    @Test
    void twoHundredConcurrentPostsAllSucceedAndAreAllStored() throws Exception {
        long before = SharedInfrastructure.count("SELECT count(*) FROM pessoa");
        // A real CEP delay keeps all 200 requests in flight at once.
        SharedInfrastructure.cep().setLatency(new CepLatency.FixedLatency(200));
        List<Integer> statuses = new ArrayList<>();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> replies = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String body = Http.pessoa(Cpfs.next(), "PELO GATEWAY", "01001000");
                replies.add(clients.submit(() -> http.postJson("/v1/pessoas", body).status()));
            }
            for (Future<Integer> reply : replies) {
                statuses.add(reply.get(90, TimeUnit.SECONDS));
            }
        } finally {
            SharedInfrastructure.cep().setLatency(new CepLatency.None());
        }

        assertThat(statuses).hasSize(200).containsOnly(201);
        assertThat(SharedInfrastructure.count("SELECT count(*) FROM pessoa") - before).isEqualTo(200);
    }
}
