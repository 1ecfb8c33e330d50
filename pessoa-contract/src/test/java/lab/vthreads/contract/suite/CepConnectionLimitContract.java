package lab.vthreads.contract.suite;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.test.context.TestPropertySource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A CEP client with fewer connections than lookups in flight makes the extra lookups wait for one, up to the connect
 * timeout, in both implementations: a burst beyond the connections is served late, not refused. Reactor Netty's own
 * default would refuse every lookup beyond twice the connections at once.
 */
@TestPropertySource(properties = "lab.cep.max-connections=2")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
public abstract class CepConnectionLimitContract extends ContractTest {

    private static final String SLOW_CEP = "01310100";

    @Test
    void lookupsBeyondTheConnectionsWaitForOne() throws Exception {
        warmThePath();
        // 10 lookups of 100 ms on 2 connections: five rounds, the last lookup waiting about 400 ms of its 1 s.
        WireMockServer cepApi = SharedInfrastructure.cep().server();
        StubMapping slow = cepApi.stubFor(get(urlPathEqualTo("/ws/" + SLOW_CEP + "/json/")).atPriority(1)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json; charset=utf-8")
                        .withBodyFile("ceps/" + SLOW_CEP + ".json").withFixedDelay(100)));
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(10)) {
            List<Future<Integer>> statuses = IntStream.range(0, 10)
                    .mapToObj(i -> pool.submit(() -> {
                        start.await();
                        return http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "ESPERA " + i, SLOW_CEP)).status();
                    }))
                    .toList();
            start.countDown();
            List<Integer> results = new ArrayList<>();
            for (Future<Integer> status : statuses) {
                results.add(status.get(60, TimeUnit.SECONDS));
            }
            assertThat(results).containsOnly(201);
        } finally {
            cepApi.removeStubMapping(slow);
        }
        assertThat(tables.pessoas()).isEqualTo(10);
    }
}
