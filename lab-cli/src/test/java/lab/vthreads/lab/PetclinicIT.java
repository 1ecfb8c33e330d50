package lab.vthreads.lab;

import lab.vthreads.infra.testsupport.ListenPorts;
import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.SpringBootJar;
import lab.vthreads.lab.load.GatlingRun;
import lab.vthreads.lab.metrics.PrometheusScrape;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real application no one here wrote: the spring-petclinic snapshot beside the repository (../shared/third-party),
 * built in a copy by examples/petclinic/build, run by the lab on its own H2 with the lab's settings as Spring
 * properties, and loaded with examples/petclinic/scenario.yaml. It has Actuator but no Prometheus registry: the lab
 * reads its JIT, requests and heap through Actuator's metrics endpoint instead. Skipped, with the reason, where the
 * snapshot is not there (a user's clone without ../shared).
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class PetclinicIT {

    static final Path HOME = StackSmokeIT.HOME;

    @Test
    void petclinicRunsInTheLabWithItsScenarioAndItsMetricsAreRead(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path run) throws Exception {
        Path source = Path.of(System.getenv().getOrDefault("PETCLINIC_SRC", HOME.resolveSibling("shared/third-party/spring-petclinic").toString()));
        Assumptions.assumeTrue(Files.isRegularFile(source.resolve("pom.xml")), "no spring-petclinic at " + source + " (set PETCLINIC_SRC)");
        Process build = new ProcessBuilder(HOME.resolve("examples/petclinic/build").toString()).redirectError(run.resolve("build.log").toFile()).start();
        String jar = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(build.waitFor()).as("examples/petclinic/build; its log is " + run.resolve("build.log")).isZero();

        SpringBootJar petclinic = SpringBootJar.inspect(Path.of(jar));
        assertThat(petclinic.actuator()).isTrue();
        // Platform threads: this checks how the lab runs a stranger's jar, not a thread mode, and petclinic's virtual-thread
        // JVM once hung at its first second of load here (docs/findings/, 2026-11-26): a test must not fail by chance.
        StackSettings settings = new StackSettings(ThreadMode.PLATFORM, Factors.builder().tomcatThreads(8).build(), new StackSettings.StackPorts(
                ListenPorts.next(), ListenPorts.next(), ListenPorts.next(), ListenPorts.next(), ListenPorts.next(), ListenPorts.next()), Map.of(), null, HOME, run)
                .withApplication(new Application(petclinic, Map.of(), Map.of(), null, false, null, null));
        List<ProcessHandle> started = new ArrayList<>();
        try (RunningStack stack = RunningStack.start(settings)) {
            stack.processes().values().forEach(p -> started.addAll(p.handles()));
            // Its own database: the lab starts no PostgreSQL and no stubs for it.
            assertThat(stack.processes()).containsOnlyKeys(StackSettings.Component.APP);
            String management = "http://127.0.0.1:" + settings.ports().gatewayManagement();

            ManagedProcess gatling = GatlingRun.start(HOME, "lab.vthreads.gatling.ScenarioSimulation", Map.of(
                    "baseUrl", "http://127.0.0.1:" + settings.ports().gateway(), "scenario", HOME.resolve("examples/petclinic/scenario.yaml").toString(),
                    "resultsFile", run.resolve("results.json").toString(), "users", "4", "rampUp", "1", "hold", "6", "rampDown", "1"),
                    run.resolve("gatling"), run.resolve("gatling.log"));
            assertThat(GatlingRun.await(gatling, 180)).as("Gatling's exit; its log is " + run.resolve("gatling.log")).isZero();
            JsonNode results = JsonMapper.builder().build().readTree(run.resolve("results.json").toFile());
            assertThat(results.get("ko").asLong()).as(results.get("koReasons").toString()).isZero();
            long ok = results.get("ok").asLong();
            assertThat(ok).isPositive();

            // No /actuator/prometheus in petclinic: the same figures through /actuator/metrics.
            PrometheusScrape scrape = PrometheusScrape.of(management, List.of("jvm_memory_used_bytes", "jvm_compilation_time_ms",
                    "http_server_requests_seconds", "jvm_threads_live_threads", "hikaricp_connections_active"));
            assertThat(scrape.sum("jvm_memory_used_bytes", l -> "heap".equals(l.get("area")))).isPositive();
            assertThat(scrape.sum("jvm_compilation_time_ms_total")).isPositive();
            assertThat(scrape.sum("jvm_threads_live_threads")).isPositive();
            assertThat(scrape.sum("hikaricp_connections_active")).isNotNaN();
            // The application counted the scenario's 2xx (its 302s are redirections to it), and not the lab's own reads.
            assertThat(scrape.sum("http_server_requests_seconds_count", l -> l.getOrDefault("status", "").startsWith("2"))).isPositive()
                    .isLessThanOrEqualTo((double) ok);
        }
        assertThat(started).isNotEmpty().noneMatch(ProcessHandle::isAlive);
    }
}
