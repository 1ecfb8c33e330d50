package lab.vthreads.lab;

import lab.vthreads.infra.testsupport.ListenPorts;
import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.PessoaAsAStranger;
import lab.vthreads.lab.load.GatlingRun;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A jar the lab knows nothing about, run as `./lab up --app` runs it: pessoa-service's own jar stands in for a user's
 * application, told its settings only through Spring properties, handed the lab's PostgreSQL and the WireMock stubs
 * under a property it names, and loaded by ScenarioSimulation from a scenario file. Nothing is left running.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class AppStackIT {

    static final Path HOME = StackSmokeIT.HOME;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static StackSettings settings(ThreadMode mode, Path run, Factors factors, Application app) {
        return new StackSettings(mode, factors, new StackSettings.StackPorts(ListenPorts.next(), ListenPorts.next(), ListenPorts.next(),
                ListenPorts.next(), ListenPorts.next(), ListenPorts.next()), Map.of(), null, HOME, run).withApplication(app);
    }

    @Test
    void aUsersJarGetsItsSettingsDatabaseAndStubsAndRunsAScenario(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path run) throws Exception {
        Application app = PessoaAsAStranger.withStubs(HOME);
        // Platform threads: Tomcat reports the thread limit it was given (with virtual threads it has none, and says -1).
        StackSettings settings = settings(ThreadMode.PLATFORM, run, Factors.builder().tomcatThreads(6).poolSize(4).cepLatency("fixed:20").build(), app);
        Path scenario = PessoaAsAStranger.storeAndReadBack(run, 4000);
        List<ProcessHandle> started = new ArrayList<>();
        try (RunningStack stack = RunningStack.start(settings)) {
            stack.processes().values().forEach(p -> started.addAll(p.handles()));
            assertThat(stack.processes()).containsOnlyKeys(StackSettings.Component.POSTGRES, StackSettings.Component.WIREMOCK, StackSettings.Component.APP);
            String base = "http://127.0.0.1:" + settings.ports().gateway();

            ManagedProcess gatling = GatlingRun.start(HOME, "lab.vthreads.gatling.ScenarioSimulation", Map.of("baseUrl", base,
                    "scenario", scenario.toString(), "resultsFile", run.resolve("results.json").toString(),
                    "users", "6", "rampUp", "1", "hold", "5", "rampDown", "1"), run.resolve("gatling"), run.resolve("gatling.log"));
            assertThat(GatlingRun.await(gatling, 180)).as("Gatling's exit; its log is " + run.resolve("gatling.log")).isZero();
            JsonNode results = JsonMapper.builder().build().readTree(run.resolve("results.json").toFile());
            assertThat(results.get("ko").asLong()).isZero();
            long created = results.get("created201").asLong();
            assertThat(created).isPositive();
            // Each flow reads back what it stored, through the id it captured; and every 201 is one stored person.
            assertThat(results.get("ok").asLong()).isGreaterThanOrEqualTo(2 * created);
            assertThat(get(base + "/v1/pessoas/count")).contains("\"count\":" + created);
            // The factors reached it as Spring properties.
            String scrape = get("http://127.0.0.1:" + settings.ports().gatewayManagement() + "/actuator/prometheus");
            assertThat(scrape).containsPattern("hikaricp_connections_max\\{[^}]*} 4\\.0").containsPattern("tomcat_threads_config_max_threads\\{[^}]*} 6\\.0");
        }
        assertThat(started).isNotEmpty().noneMatch(ProcessHandle::isAlive);
    }

    /**
     * A user's jar with {@code launch: aot}: extracted, its AOT cache trained on its start-up, and started from both, as
     * the lab starts its own services (the start-up check's variants compare it with {@code jar} and {@code extracted}).
     * A jar inside the checkout keeps them beside it, in its own target folder.
     */
    @Test
    void aUsersJarStartsFromAnAotCacheTrainedOnItsStartUp(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path run) throws Exception {
        Application corpus = lab.vthreads.lab.app.CorpusApp.with(HOME, Map.of());
        StackSettings settings = settings(ThreadMode.VIRTUAL, run, Factors.builder().launch("aot").build(), corpus);
        List<ProcessHandle> started = new ArrayList<>();
        try (RunningStack stack = RunningStack.start(settings)) {
            stack.processes().values().forEach(p -> started.addAll(p.handles()));
            RunningStack.Row app = stack.rows().stream().filter(r -> r.component() == StackSettings.Component.APP).findFirst().orElseThrow();
            assertThat(app.settings()).endsWith("; AOT cache");
            // It runs in a working directory of its own, in its run's folder: not where the lab was started.
            assertThat(Files.readSymbolicLink(Path.of("/proc", Long.toString(app.pid()), "cwd"))).isEqualTo(run.toAbsolutePath().resolve("app-workdir"));
            List<String> arguments = List.of(ProcessHandle.of(app.pid()).orElseThrow().info().arguments().orElseThrow());
            Path aot = corpus.jar().path().getParent().resolve("aot");
            assertThat(arguments).anySatisfy(a -> assertThat(a).startsWith("-XX:AOTCache=" + aot));
            assertThat(arguments).anySatisfy(a -> assertThat(a).startsWith(aot.toString()).endsWith(corpus.jar().path().getFileName().toString()));
            assertThat(get("http://127.0.0.1:" + settings.ports().gateway() + "/work")).contains("waitedMs");
        }
        assertThat(started).isNotEmpty().noneMatch(ProcessHandle::isAlive);
    }

    /**
     * A user's jar with {@code launch: aot-traffic}: started once recording, sent the training's traffic (here a plain
     * client's requests), stopped, which writes the cache; then started from that cache, trained on what it served.
     * The training ran in the platform mode whatever the pair's: one cache for both, made where a cold start cannot
     * deadlock.
     */
    @Test
    void aUsersJarStartsFromAnAotCacheTrainedOnTheTrafficItWasSent(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path run) throws Exception {
        Application corpus = lab.vthreads.lab.app.CorpusApp.with(HOME, Map.of());
        StackSettings settings = settings(ThreadMode.VIRTUAL, run, Factors.builder().launch("aot-traffic").build(), corpus);
        // A key of its own, so that this test trains a cache whatever an earlier run left beside the jar.
        String key = "test" + Long.toHexString(System.nanoTime());
        java.util.concurrent.atomic.AtomicInteger answered = new java.util.concurrent.atomic.AtomicInteger();
        List<String> trainedOn = new ArrayList<>();
        List<ProcessHandle> started = new ArrayList<>();
        try (RunningStack stack = RunningStack.startInfrastructure(settings, lab.vthreads.lab.isolation.Isolations.none())) {
            stack.trainOn(new lab.vthreads.lab.stack.TrafficTraining() {
                @Override
                public String key() {
                    return key;
                }

                @Override
                public void drive(lab.vthreads.lab.stack.Endpoints endpoints, Path directory) throws Exception {
                    stack.processes().values().forEach(p -> started.addAll(p.handles()));
                    stack.processes().values().forEach(p -> trainedOn.addAll(p.handle().info().arguments().map(List::of).orElse(List.of())));
                    for (int i = 0; i < 40; i++) {
                        if (get(endpoints.gateway() + "/work").contains("waitedMs")) answered.incrementAndGet();
                    }
                }
            });
            stack.startServices(settings);
            stack.processes().values().forEach(p -> started.addAll(p.handles()));
            Path aot = corpus.jar().path().getParent().resolve("aot");
            assertThat(answered).hasValue(40);
            assertThat(trainedOn).anySatisfy(a -> assertThat(a).startsWith("-XX:AOTCacheOutput=" + aot).endsWith("traffic-" + key + ".aot"))
                    .contains("--spring.threads.virtual.enabled=false");
            assertThat(java.nio.file.Files.readString(run.resolve("app-aot-traffic.log"))).contains("AOTCache creation is complete");
            RunningStack.Row app = stack.rows().stream().filter(r -> r.component() == StackSettings.Component.APP).findFirst().orElseThrow();
            assertThat(app.settings()).endsWith("; AOT cache trained on traffic");
            // And so the results say, run by run (their stack's launches).
            assertThat(stack.launches()).containsOnlyKeys("app").hasEntrySatisfying("app", how -> assertThat(how).endsWith("; AOT cache trained on traffic"));
            List<String> arguments = List.of(ProcessHandle.of(app.pid()).orElseThrow().info().arguments().orElseThrow());
            assertThat(arguments).anySatisfy(a -> assertThat(a).startsWith("-XX:AOTCache=" + aot).endsWith("traffic-" + key + ".aot"))
                    .contains("--spring.threads.virtual.enabled=true");
            assertThat(get("http://127.0.0.1:" + settings.ports().gateway() + "/work")).contains("waitedMs");
        }
        assertThat(started).isNotEmpty().noneMatch(ProcessHandle::isAlive);
    }

    /**
     * An application whose Actuator is behind Spring Security: its health answers 401, so the lab knows it is up by
     * its port, and reads no metric endpoint, saying what it got.
     */
    @Test
    void anApplicationWhoseActuatorIsBehindSecurityIsUpByItsPort(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path run) throws Exception {
        Application secured = lab.vthreads.lab.app.CorpusApp.with(HOME, Map.of("corpus.secure-management", "true"));
        StackSettings settings = settings(ThreadMode.VIRTUAL, run, Factors.NONE, secured);
        List<ProcessHandle> started = new ArrayList<>();
        try (RunningStack stack = RunningStack.start(settings)) {
            stack.processes().values().forEach(p -> started.addAll(p.handles()));
            String management = "http://127.0.0.1:" + settings.ports().gatewayManagement();
            assertThat(HTTP.send(HttpRequest.newBuilder(URI.create(management + "/actuator/health")).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode()).isEqualTo(401);
            assertThat(get("http://127.0.0.1:" + settings.ports().gateway() + "/work")).contains("waitedMs");
            lab.vthreads.lab.metrics.ActuatorLinks links = lab.vthreads.lab.metrics.ActuatorLinks.of(management);
            assertThat(links.endpoints()).isEmpty();
            assertThat(links.asked()).contains("/actuator: 401");
            // Its JVM's own counters are read all the same.
            assertThat(new lab.vthreads.lab.run.ServiceJvms().read(stack.processes().get(StackSettings.Component.APP)).orElseThrow().compileMs()).isPositive();
        }
        assertThat(started).isNotEmpty().noneMatch(ProcessHandle::isAlive);
    }

    @Test
    void anApplicationThatExitsWhileStartingShowsItsLogTailAndLeavesNothingRunning(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path run) throws Exception {
        int closed = ListenPorts.next();
        Application app = new Application(PessoaAsAStranger.jar(HOME), Map.of("spring.datasource.url", "jdbc:postgresql://127.0.0.1:" + closed + "/none"), Map.of(),
                null, false, null, null);
        StackSettings settings = settings(ThreadMode.VIRTUAL, run, Factors.NONE, app);
        List<ProcessHandle> before = ProcessHandle.current().descendants().toList();
        assertThatThrownBy(() -> RunningStack.start(settings))
                .isInstanceOf(StartFailure.class)
                .hasMessageContaining("app exited with code")
                .hasMessageContaining("Last lines of")
                .hasMessageContaining("Connection refused");
        assertThat(ProcessHandle.current().descendants().filter(p -> p.isAlive() && !before.contains(p)).toList()).isEmpty();
    }

    private static String get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
