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
import org.apache.tomcat.util.threads.VirtualThreadExecutor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Import;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

import static org.assertj.core.api.Assertions.assertThat;

/** Actuator lives on its own port, and exposes the metrics the lab samples. */
@ServiceTest
@TestPropertySource(properties = {"management.server.port=0", "spring.threads.virtual.enabled=true"})
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Import(ManagementIT.WebServers.class)
class ManagementIT {

    @Autowired
    WebServers webServers;

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

    /**
     * In virtual mode too (this class's), the management port has platform threads of its own: the lab's scrapes must
     * not wait for a carrier behind the request load (ManagementOnPlatformThreads). Spring Boot alone gives it virtual
     * threads as well.
     */
    @Test
    void servesTheManagementPortFromPlatformThreadsInVirtualMode() {
        assertThat(new Http("http://127.0.0.1:" + managementPort).get("/actuator/health").status()).isEqualTo(200);

        assertThat(webServers.executorOf("management")).isInstanceOf(org.apache.tomcat.util.threads.ThreadPoolExecutor.class);
        assertThat(webServers.executorOf("server")).isInstanceOf(VirtualThreadExecutor.class);
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

    /** Each web server's executor by namespace ("server" for the application's): the management context's events reach this one too. */
    @TestConfiguration(proxyBeanMethods = false)
    static class WebServers implements ApplicationListener<WebServerInitializedEvent> {
        private final Map<String, Executor> executors = new ConcurrentHashMap<>();

        @Override
        public void onApplicationEvent(WebServerInitializedEvent event) {
            String namespace = event.getApplicationContext().getServerNamespace();
            executors.put(namespace != null ? namespace : "server",
                    ((TomcatWebServer) event.getWebServer()).getTomcat().getConnector().getProtocolHandler().getExecutor());
        }

        Executor executorOf(String namespace) {
            return executors.get(namespace);
        }
    }
}
