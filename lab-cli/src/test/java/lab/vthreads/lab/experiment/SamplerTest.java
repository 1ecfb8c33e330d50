package lab.vthreads.lab.experiment;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sampler against a real management endpoint that answers what it is given: a second whose reading fails is
 * counted, with its error, instead of vanishing from the series.
 */
class SamplerTest {

    private static final String READABLE = "jvm_threads_live_threads 12\n";

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) server.stop(0);
    }

    /**
     * A management endpoint for both services: the sampler's first scrape of each (when it starts) gets a readable
     * text, every later one {@code prometheusText}.
     */
    private String serving(String prometheusText) throws IOException {
        AtomicInteger scrapes = new AtomicInteger();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/actuator/prometheus", exchange -> {
            String text = scrapes.incrementAndGet() <= 2 ? READABLE : prometheusText;
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Samples until the sampler has tried {@code seconds} seconds; bounded by the test's own timeout, not asserted on. */
    private static ExperimentResults.Sampling sample(String management, int seconds) throws InterruptedException {
        try (Sampler sampler = new Sampler(management, management, Map.of(), line -> { })) {
            while (sampler.sampling().taken() < seconds) Thread.sleep(100);
            return sampler.sampling();
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(30)
    void aScrapeThatCannotBeParsedIsCountedAsADroppedSecond() throws Exception {
        // A label set cut off before its closing brace: the parser's substring fails on it.
        ExperimentResults.Sampling sampling = sample(serving("jvm_threads_live_threads{area=\"heap\" 12\n"), 2);
        assertThat(sampling.dropped()).isEqualTo(sampling.taken()).isGreaterThanOrEqualTo(2);
        assertThat(sampling.firstError()).contains("StringIndexOutOfBoundsException");
        assertThat(sampling.thin()).isTrue();
    }

    @Test
    @org.junit.jupiter.api.Timeout(30)
    void aReadableScrapeDropsNothing() throws Exception {
        ExperimentResults.Sampling sampling = sample(serving(READABLE), 2);
        assertThat(sampling.dropped()).isZero();
        assertThat(sampling.firstError()).isNull();
        assertThat(sampling.thin()).isFalse();
    }

    @Test
    void moreThanFivePercentDroppedIsThin() {
        assertThat(new ExperimentResults.Sampling(40, 2, "x").thin()).isFalse();
        assertThat(new ExperimentResults.Sampling(40, 3, "x").thin()).isTrue();
        assertThat(new ExperimentResults.Sampling(0, 0, null).thin()).isFalse();
    }
}
