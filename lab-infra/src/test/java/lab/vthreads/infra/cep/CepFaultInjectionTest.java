package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.client.HttpAdminClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** Injected faults on the real mock, switched through its admin API over HTTP, as the lab does mid-run. */
class CepFaultInjectionTest {

    static CepMockServer mock;
    static HttpAdminClient admin;
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start() {
        mock = CepMockServer.start(0, CepMockServerTest.ROOT, new CepLatency.None());
        admin = new HttpAdminClient("127.0.0.1", mock.port());
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    @AfterEach
    void clear() {
        CepFaultInjection.clear(admin);
    }

    @Test
    void atTheHighestRateEveryLookupGetsOneOfTheFourKinds() {
        CepFaultInjection.inject(admin, 0.25);

        Map<String, Long> outcomes = lookups(200, "/ws/01001000/json/");

        // Each kind has 50 expected hits out of 200: none missing by chance (0.75^200), and no lookup answered normally.
        // (The JDK client sends a GET again once after a reset or an empty response, so the counts are not the shares.)
        assertThat(outcomes).containsOnlyKeys("500", "timeout", "connection error");
    }

    @Test
    void clearingRestoresTheNormalAnswersAndTheFixedFaultCepsKeepTheirOwn() {
        CepFaultInjection.inject(admin, 0.25);
        assertThat(CepFaultInjection.clear(admin)).isEqualTo(CepFaultInjection.KINDS.size());

        assertThat(lookups(20, "/ws/01001000/json/")).containsOnly(Map.entry("200", 20L));
        assertThat(lookups(1, "/ws/99999003/json/")).containsOnly(Map.entry("500", 1L));
    }

    @Test
    void injectingTwiceReplacesTheFirstInjection() {
        CepFaultInjection.inject(admin, 0.05);
        CepFaultInjection.inject(admin, 0.1);

        assertThat(CepFaultInjection.clear(admin)).isEqualTo(CepFaultInjection.KINDS.size());
    }

    @Test
    void refusesARateTheKindsCannotShare() {
        assertThatIllegalArgumentException().isThrownBy(() -> CepFaultInjection.inject(admin, 0.3)).withMessageContaining("at most 1/4");
        assertThatIllegalArgumentException().isThrownBy(() -> CepFaultInjection.inject(admin, 0));
    }

    /** Outcome → count: the status code, "timeout" (no answer within 3 s) or "connection error" (reset, closed). */
    private static Map<String, Long> lookups(int count, String path) {
        List<CompletableFuture<String>> answers = IntStream.range(0, count).mapToObj(i -> HTTP.sendAsync(
                        HttpRequest.newBuilder(URI.create(mock.baseUrl() + path)).timeout(Duration.ofSeconds(3)).build(),
                        HttpResponse.BodyHandlers.discarding())
                .thenApply(r -> Integer.toString(r.statusCode()))
                .exceptionally(e -> e.getCause() instanceof HttpTimeoutException ? "timeout" : "connection error")).toList();
        return answers.stream().map(CompletableFuture::join).collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }
}
