package lab.vthreads.gateway.e2e;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Grafana dashboard of compose's observability profile may only query metrics the services really expose:
 * every metric name in it must appear in a real /actuator/prometheus scrape of pessoa-service or gateway-service,
 * taken here after real traffic in virtual mode.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DashboardMetricsIT extends EndToEndIT {

    static final Path DASHBOARD = Path.of("..", "observability", "grafana", "dashboards", "vthreads-lab.json");
    // A metric selector in PromQL: the name right before its label braces.
    static final Pattern METRIC = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{");

    @DynamicPropertySource
    static void virtualThreads(DynamicPropertyRegistry registry) {
        startPessoaService(true, registry);
    }

    @LocalManagementPort
    int managementPort;

    @Test
    void everyMetricTheDashboardQueriesIsExposed() throws IOException {
        http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "PELO GATEWAY", "01001000"));
        String scrapes = new Http(pessoa.managementUrl(), Duration.ofSeconds(10)).get("/actuator/prometheus").body()
                + new Http("http://127.0.0.1:" + managementPort, Duration.ofSeconds(10)).get("/actuator/prometheus").body();

        Set<String> queried = new TreeSet<>();
        Matcher m = METRIC.matcher(Files.readString(DASHBOARD));
        while (m.find()) {
            queried.add(m.group(1));
        }

        assertThat(queried).hasSizeGreaterThan(15);
        assertThat(queried).allSatisfy(metric -> assertThat(scrapes).as(metric).containsPattern("(?m)^" + Pattern.quote(metric) + "[{ ]"));
    }
}
