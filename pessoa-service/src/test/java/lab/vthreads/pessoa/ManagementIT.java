package lab.vthreads.pessoa;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.pessoa.support.ServiceTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** Actuator lives on its own port, and exposes the metrics the lab samples. */
@ServiceTest
@TestPropertySource(properties = {"management.server.port=0", "spring.threads.virtual.enabled=true"})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ManagementIT {

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    @Test
    void exposesHealthAndTheLabsMetricsOnTheManagementPort() {
        assertThat(managementPort).isNotEqualTo(port);
        new Http("http://127.0.0.1:" + port).postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "METRICA", "01001000"));
        Http management = new Http("http://127.0.0.1:" + managementPort);

        assertThat(management.get("/actuator/health").json().get("status").asString()).isEqualTo("UP");
        String scrape = management.get("/actuator/prometheus").body();
        assertThat(scrape).contains(
                "hikaricp_connections_active{",
                "hikaricp_connections_pending{",
                "hikaricp_connections_acquire_seconds_bucket{",
                "hikaricp_connections_usage_seconds_bucket{",
                "hikaricp_connections_timeout_total{",
                "http_server_requests_seconds_bucket{",
                "jvm_threads_live_threads",
                "jvm_threads_peak_threads",
                "jvm_memory_used_bytes{",
                "process_cpu_usage",
                "process_cpu_time_ns_total",
                "tomcat_threads_busy_threads",
                "jvm_threads_virtual_");
    }

    @Test
    void countsEveryCepLookupByOutcomeAndExposesTheCepPoolAndTheJit() {
        Http.Reply created = new Http("http://127.0.0.1:" + port).postJsonUntil(201, Duration.ofSeconds(60), "/v1/pessoas",
                () -> Http.pessoa(Cpfs.next(), "CONTADA", "01001000"));
        assertThat(created.status()).as("a POST answered 201 within 60 s: %s", created.body()).isEqualTo(201);
        String scrape = new Http("http://127.0.0.1:" + managementPort).get("/actuator/prometheus").body();

        // The lab divides this counter by the gateway's requests to get the lookups per request.
        assertThat(scrape).containsPattern("cep_lookups_seconds_count\\{[^}]*outcome=\"found\"[^}]*\\} [1-9]");
        assertThat(scrape).contains("httpcomponents_httpclient_pool_total_connections{", "jvm_compilation_time_ms_total");
    }

    @Test
    void namesTheHikariCpVersionItLoaded() {
        var hikari = new Http("http://127.0.0.1:" + managementPort).get("/actuator/info").json().get("hikariCp");

        assertThat(hikari.get("version").asString()).isEqualTo(com.zaxxer.hikari.HikariDataSource.class.getProtectionDomain()
                .getCodeSource().getLocation().getPath().replaceAll(".*HikariCP-(.+)\\.jar$", "$1"));
        assertThat(hikari.get("version").asString()).matches("\\d+\\.\\d+\\.\\d+");
    }

    @Test
    void isNotServedOnTheApplicationPort() {
        assertThat(new Http("http://127.0.0.1:" + port).get("/actuator/health").status()).isEqualTo(404);
    }
}
