package lab.vthreads.lab.metrics;

import lab.vthreads.lab.AnsweringServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which metric endpoints a management port has, from real HTTP servers that answer as applications the lab has met
 * do: one that turns every unknown path into a 500, one with discovery off, one behind security.
 */
class ActuatorLinksTest {

    private AnsweringServer server;

    private String serve(Map<String, String> bodies, int otherwise) {
        server = AnsweringServer.start(bodies, Map.of(), otherwise);
        return server.url();
    }

    @AfterEach
    void stop() {
        if (server != null) server.close();
    }

    @Test
    void anApplicationWhoseUnknownPathsAnswer500IsReadThroughTheMetricsItsLinksList() {
        String base = serve(Map.of(
                "/actuator", "{\"_links\":{\"self\":{\"href\":\"x\"},\"health\":{\"href\":\"x\"},\"metrics\":{\"href\":\"x\"}}}",
                "/actuator/metrics/jvm.compilation.time", "{\"measurements\":[{\"statistic\":\"COUNT\",\"value\":1234.0}]}"), 500);

        ActuatorLinks links = ActuatorLinks.of(base);

        assertThat(links.endpoints()).containsExactly(ActuatorLinks.METRICS);
        assertThat(links.asked()).contains("/actuator: 200");
        assertThat(PrometheusScrape.of(base, List.of("jvm_compilation_time_ms")).sum("jvm_compilation_time_ms_total")).isEqualTo(1234.0);
    }

    @Test
    void withDiscoveryOffEachEndpointIsAskedFor() {
        String base = serve(Map.of("/actuator/prometheus", "jvm_threads_live_threads 42\n"), 404);

        ActuatorLinks links = ActuatorLinks.of(base);

        assertThat(links.endpoints()).containsExactly(ActuatorLinks.PROMETHEUS);
        assertThat(links.asked()).contains("/actuator: 404", "/actuator/prometheus: 200", "/actuator/metrics: 404");
        assertThat(PrometheusScrape.of(base, List.of("jvm_threads_live_threads")).sum("jvm_threads_live_threads")).isEqualTo(42);
    }

    @Test
    void endpointsBehindSecurityAreNoneAndSaySo() {
        String base = serve(Map.of(), 401);

        ActuatorLinks links = ActuatorLinks.of(base);

        assertThat(links.endpoints()).isEmpty();
        assertThat(links.asked()).contains("/actuator: 401", "/actuator/prometheus: 401", "/actuator/metrics: 401");
        assertThat(PrometheusScrape.of(base, List.of("jvm_threads_live_threads")).isEmpty()).isTrue();
    }

    @Test
    void nothingListeningIsNotKeptAsAnAnswer() {
        String base = serve(Map.of(), 404);
        server.close();
        server = null;

        assertThat(ActuatorLinks.of(base).asked()).endsWith("no answer");
    }
}
