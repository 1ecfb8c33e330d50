package lab.vthreads.lab;

import lab.vthreads.infra.testsupport.ListenPorts;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.lab.load.GatlingRun;
import lab.vthreads.lab.load.ResultsMerge;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stack as `./lab up` starts it (every component its own process, on free ports), loaded by SmokeSimulation for
 * about 10 s: no KO, every 201 is one stored row, and nothing is left running afterwards. The load is split over two
 * Gatling JVMs and their results merged (./lab merge-results). One stack, on virtual threads: both thread modes'
 * stacks, under load and checked the same way, run in ExperimentRunIT's cells, and what this adds (the HikariCP swap,
 * the pool's settings, the shards) does not depend on the mode.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class StackSmokeIT {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void smokeLoadSucceedsAndLeavesNoProcessBehind(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path run) throws Exception {
        // The HikariCP version the jar does not ship, to prove the swap really happens.
        String hikari = otherHikariVersion();
        // The pool's size and timeout as Spring properties on the command line (compose sets the same through the
        // environment, where a wrongly formed variable once kept pessoa-service from starting at all).
        int poolSize = 12, poolTimeoutMs = 5000;
        StackSettings settings = new StackSettings(ThreadMode.VIRTUAL, Factors.builder().poolSize(poolSize).poolTimeoutMs(poolTimeoutMs)
                .cepInsideTransaction(false).hikariCp(hikari).cepLatency("lognormal:200:0.4").cepReadTimeoutMs(10_000).build(),
                new StackSettings.StackPorts(ListenPorts.next(), ListenPorts.next(), ListenPorts.next(), ListenPorts.next(), ListenPorts.next(), ListenPorts.next()),
                Map.of(), null, HOME, run);
        List<ProcessHandle> started = new ArrayList<>();
        int exit;
        try (RunningStack stack = RunningStack.start(settings)) {
            stack.processes().values().forEach(p -> started.addAll(p.handles()));
            // The gateway starts from its AOT cache, and the JVM takes it (a cache dumped without the run's JFR module is refused).
            assertThat(stack.rows()).filteredOn(r -> r.component() == StackSettings.Component.GATEWAY).singleElement()
                    .satisfies(r -> assertThat(r.settings()).contains("; AOT cache").doesNotContain("refused"));
            String infoBody = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create("http://127.0.0.1:" + settings.ports().pessoaManagement() + "/actuator/info")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            JsonNode info = JsonMapper.builder().build().readTree(infoBody);
            assertThat(info.at("/hikariCp/version").asString()).isEqualTo(hikari);
            String scrape = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create("http://127.0.0.1:" + settings.ports().pessoaManagement() + "/actuator/prometheus")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            assertThat(scrape).containsPattern("hikaricp_connections_max\\{[^}]*} " + poolSize + "\\.0");
            // A few requests first: the smoke run checks correctness, and must not meet a cold JVM's first lookups.
            Http gateway = new Http("http://127.0.0.1:" + settings.ports().gateway());
            for (int i = 0; i < 10; i++) {
                gateway.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "AQUECE", "01001000"));
            }
            // The load split over two Gatling JVMs, as a Kubernetes indexed Job does, and their results merged.
            int shards = 2;
            List<ManagedProcess> gatlings = new ArrayList<>();
            for (int shard = 0; shard < shards; shard++) {
                ManagedProcess gatling = GatlingRun.start(HOME, "lab.vthreads.gatling.SmokeSimulation", Map.of(
                                "baseUrl", "http://127.0.0.1:" + settings.ports().gateway(),
                                "resultsFile", run.resolve("results-" + shard + ".json").toString(),
                                "users", "6", "shards", Integer.toString(shards), "shard", Integer.toString(shard),
                                "rampUp", "2", "hold", "8"),
                        run.resolve("gatling-" + shard), run.resolve("gatling-" + shard + ".log"));
                started.add(gatling.handle());
                gatlings.add(gatling);
            }
            exit = 0;
            for (ManagedProcess gatling : gatlings) exit |= GatlingRun.await(gatling, 180);
        }

        assertThat(exit).as("Gatling's exit code (assertions and the nothing-lost check); logs in " + run).isZero();
        Path resultsFile = run.resolve("merged.json");
        ResultsMerge.write(ResultsMerge.merge(List.of(run.resolve("results-0.json"), run.resolve("results-1.json"))), resultsFile);
        JsonNode first = JsonMapper.builder().build().readTree(run.resolve("results-0.json").toFile());
        JsonNode second = JsonMapper.builder().build().readTree(run.resolve("results-1.json").toFile());
        assertThat(first.at("/parameters/users").asInt() + second.at("/parameters/users").asInt()).isEqualTo(6);
        JsonNode merged = JsonMapper.builder().build().readTree(resultsFile.toFile());
        assertThat(merged.get("ok").asLong()).isEqualTo(first.get("ok").asLong() + second.get("ok").asLong());
        assertThat(merged.at("/steadyOkLatencyMs/count").asLong())
                .isEqualTo(first.at("/steadyOkLatencyMs/count").asLong() + second.at("/steadyOkLatencyMs/count").asLong());
        for (JsonNode part : List.of(first, second)) {
            assertThat(merged.at("/okLatencyMs/max").asLong()).isGreaterThanOrEqualTo(part.at("/okLatencyMs/max").asLong());
        }
        JsonNode results = JsonMapper.builder().build().readTree(resultsFile.toFile());
        assertThat(results.get("ko").asLong()).isZero();
        assertThat(results.get("ok").asLong()).isPositive();
        // Merged, this is the check over both load generators: neither part could make it alone.
        assertThat(results.get("created201").asLong()).isEqualTo(results.get("countAfter").asLong() - results.get("countBefore").asLong());
        assertThat(GatlingRun.reportOf(run.resolve("gatling-0")).resolve("index.html")).exists();
        // Four JVMs, the postmaster and its server processes, and Gatling: none may outlive the stack.
        assertThat(started).hasSizeGreaterThan(6).noneMatch(ProcessHandle::isAlive);
    }

    /** The HikariCP inside pessoa-service's jar. */
    static String shippedHikariVersion() throws IOException {
        Path jar;
        try (var files = java.nio.file.Files.list(HOME.resolve("pessoa-service/target"))) {
            jar = files.filter(f -> f.getFileName().toString().matches("pessoa-service-.*\\.jar")).findFirst().orElseThrow();
        }
        try (var zip = new java.util.zip.ZipFile(jar.toFile())) {
            return zip.stream().map(java.util.zip.ZipEntry::getName).filter(n -> n.startsWith("BOOT-INF/lib/HikariCP-")).findFirst().orElseThrow()
                    .replaceAll(".*HikariCP-(.+)\\.jar", "$1");
        }
    }

    static String otherHikariVersion() throws IOException {
        String shipped = shippedHikariVersion();
        try (var files = java.nio.file.Files.list(HOME.resolve("pessoa-service/target/hikari"))) {
            return files.map(f -> f.getFileName().toString().replaceAll("HikariCP-(.+)\\.jar", "$1")).filter(v -> !v.equals(shipped))
                    .findFirst().orElseThrow();
        }
    }

}
