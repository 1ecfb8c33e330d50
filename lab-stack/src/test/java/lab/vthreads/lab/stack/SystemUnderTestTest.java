package lab.vthreads.lab.stack;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.SpringBootJar;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.SystemUnderTest.DataBetweenRuns;
import lab.vthreads.lab.stack.SystemUnderTest.Downstream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each kind of system answers for itself what the stack, the calibration and the runner used to ask about it. */
class SystemUnderTestTest {

    private static final StackSettings.StackPorts PORTS = new StackSettings.StackPorts(18080, 19080, 18081, 19081, 18089, 15432);
    private static final SpringBootJar JAR = new SpringBootJar(Path.of("/apps/shop.jar"), "4.0.3", "org.example.Shop", true);

    static Application app(boolean labDatabase, Path stubs) {
        return new Application(JAR, Map.of(), Map.of(), null, labDatabase, stubs, stubs != null ? "shop.stubs-url" : null);
    }

    private static StackSettings settings(ThreadMode mode, Application app) {
        return new StackSettings(mode, Factors.NONE, PORTS, Map.of(), null, Path.of("/lab"), Path.of("/lab/runs/x")).withApplication(app);
    }

    /** Each system refuses the factors it has no switch for, by its own answer: the lab's blocking service has them all. */
    @Test
    void eachSystemSaysWhichFactorsItLacks() {
        Factors poolAndLock = Factors.builder().poolSize(7).cepLock("synchronized").build();
        assertThat(SystemUnderTest.of(ThreadMode.PLATFORM, null).lacking(poolAndLock)).isEmpty();
        assertThat(SystemUnderTest.of(ThreadMode.REACTIVE, null).lacking(poolAndLock)).containsExactly(Factor.CEP_LOCK);
        assertThat(SystemUnderTest.of(ThreadMode.VIRTUAL, app(true, null)).lacking(poolAndLock)).containsExactly(Factor.CEP_LOCK);
        assertThat(java.util.Arrays.stream(Factor.values()).filter(factor -> !SystemUnderTest.of(ThreadMode.REACTIVE, null).has(factor)))
                .containsExactly(Factor.CONCURRENCY_LIMIT, Factor.HIKARI_CP, Factor.CEP_LOCK);
        for (Factor factor : Factor.values()) {
            assertThat(SystemUnderTest.of(ThreadMode.PLATFORM, app(true, null)).has(factor)).as(factor.key()).isEqualTo(factor.forApplications());
        }
    }

    /** The versions a run records are read from what ran: the user's jar, or pessoa-service's for the lab's own services. */
    @Test
    void theVersionsAreReadFromTheJarThatRan(@TempDir Path home) throws Exception {
        java.nio.file.Files.createDirectories(home.resolve("pessoa-service/target"));
        Path built = java.nio.file.Files.createFile(home.resolve("pessoa-service/target/pessoa-service-0.1.0-SNAPSHOT.jar"));

        assertThat(SystemUnderTest.of(ThreadMode.REACTIVE, null).versionsJar(home)).isEqualTo(built);
        assertThat(SystemUnderTest.of(ThreadMode.PLATFORM, null).applicationServer()).isNull();
        assertThat(SystemUnderTest.of(ThreadMode.PLATFORM, app(true, null)).versionsJar(home)).isEqualTo(JAR.path());
        assertThat(SystemUnderTest.of(ThreadMode.PLATFORM, app(true, null)).applicationServer()).isEqualTo(JAR.server() != null ? JAR.server() : "none known");
    }

    @Test
    void theLabsServicesInEitherThreadModeAndTheReactiveServiceAreBothServicesOnTheLabsDatabaseAndCepApi() {
        SystemUnderTest platform = SystemUnderTest.of(ThreadMode.PLATFORM, null), reactive = SystemUnderTest.of(ThreadMode.REACTIVE, null);
        assertThat(platform).isEqualTo(SystemUnderTest.of(ThreadMode.VIRTUAL, null)).isInstanceOf(LabServices.class);
        assertThat(reactive).isInstanceOf(ReactiveService.class);
        for (SystemUnderTest system : java.util.List.of(platform, reactive)) {
            assertThat(system.services()).containsExactly(Component.PESSOA, Component.GATEWAY);
            assertThat(system.downstream()).isEqualTo(Downstream.CEP_API);
            assertThat(system.labHandsDatabase()).isTrue();
            assertThat(system.dataBetweenRuns()).isEqualTo(DataBetweenRuns.EMPTIED);
            assertThat(system.database()).isEqualTo(lab.vthreads.infra.postgres.EmbeddedPostgresServer.DATABASE);
            assertThat(system.firstPass()).isEqualTo(FirstPass.NONE);
            assertThat(system.sampleNames()).isEqualTo(lab.vthreads.lab.metrics.SampleNames.LABS_OWN);
            assertThat(system.samplePrefixes()).containsExactly(Map.entry("pessoa-service", "pessoa"), Map.entry("gateway-service", "gateway"));
            assertThat(Endpoints.of(settings(ThreadMode.VIRTUAL, null)).sampleNames()).isEqualTo(system.sampleNames());
            assertThat(system.stubs(Path.of("/lab"))).isEqualTo(Path.of("/lab/wiremock"));
            assertThat(system.ports(PORTS)).extracting(SystemUnderTest.Port::port).containsExactly(18081, 19081, 18080, 19080);
            // Every limit but the CPU lifted for the calibration: pessoa-service's switches as well as Tomcat's threads.
            Factors lifted = system.liftedForCalibration(Factors.builder().tomcatThreads(400)).build();
            assertThat(lifted.lookupsInsideTransaction()).isFalse();
            assertThat(lifted.cepMaxConnections()).isEqualTo(ServiceDefaults.CEP_MAX_CONNECTIONS);
        }
        assertThat(platform.name()).isEqualTo("pessoa-service");
        assertThat(reactive.name()).isEqualTo("pessoa-service-reactive");
        assertThat(reactive.ports(PORTS).getFirst().what()).isEqualTo("pessoa-service-reactive");
        // Each implementation's calibration is its own.
        assertThat(platform.calibrationFolder()).isEqualTo("calibration");
        assertThat(reactive.calibrationFolder()).isEqualTo("calibration-reactive");
        assertThat(platform.servedBy(ThreadMode.VIRTUAL)).isEqualTo("virtual threads");
        assertThat(reactive.servedBy(ThreadMode.REACTIVE)).isEqualTo("the reactive service");
        // Traffic-trained caches: the thread modes' one, made on platform threads; the reactive service's own.
        assertThat(platform.trainedIn()).isEqualTo(ThreadMode.PLATFORM);
        assertThat(reactive.trainedIn()).isEqualTo(ThreadMode.REACTIVE);
    }

    @Test
    void aUsersApplicationIsOneJvmOnTheGatewaysPortsGivenOnlyWhatTheUserSaid(@TempDir Path stubs) throws Exception {
        java.nio.file.Files.createDirectories(stubs.resolve("mappings"));
        java.nio.file.Files.writeString(stubs.resolve("mappings/prices.json"), "{\"request\": {\"url\": \"/prices\"}, \"response\": {\"status\": 200}}");
        SystemUnderTest handed = SystemUnderTest.of(ThreadMode.VIRTUAL, app(true, stubs));
        assertThat(handed).isInstanceOf(UsersApplication.class);
        assertThat(handed.services()).containsExactly(Component.APP);
        assertThat(handed.name()).isEqualTo("the application");
        assertThat(handed.downstream()).isEqualTo(Downstream.STUBS);
        assertThat(handed.stubs(Path.of("/lab"))).isEqualTo(stubs);
        assertThat(handed.labHandsDatabase()).isTrue();
        // Its tables are its own: put back as its migrations left them, not emptied.
        assertThat(handed.dataBetweenRuns()).isEqualTo(DataBetweenRuns.RESTORED);
        assertThat(handed.database()).isEqualTo(Application.DATABASE);
        // Its scenario tried against it, each flow once, before its prewarm.
        assertThat(handed.firstPass()).isEqualTo(FirstPass.AT_ONCE);
        assertThat(handed.trainedIn()).isEqualTo(ThreadMode.PLATFORM);
        // Its figures under its own name, in both places.
        assertThat(handed.sampleNames()).isEqualTo(new lab.vthreads.lab.metrics.SampleNames("app", "app"));
        assertThat(handed.samplePrefixes()).containsExactly(Map.entry("app", "app"));
        // The sampler names them as the system does: its endpoints carry the same names.
        assertThat(Endpoints.of(settings(ThreadMode.VIRTUAL, app(true, stubs))).sampleNames()).isEqualTo(handed.sampleNames());
        assertThat(handed.ports(PORTS)).extracting(SystemUnderTest.Port::port).containsExactly(18080, 19080);
        // Only Tomcat's threads to lift: the rest are pessoa-service's switches, which the application does not have.
        assertThat(handed.liftedForCalibration(Factors.builder().tomcatThreads(400)).build()).isEqualTo(Factors.builder().tomcatThreads(400).build());

        SystemUnderTest alone = SystemUnderTest.of(ThreadMode.PLATFORM, app(false, null));
        assertThat(alone.downstream()).isEqualTo(Downstream.NONE);
        assertThat(alone.downstream().wiremock()).isFalse();
        assertThat(alone.labHandsDatabase()).isFalse();
        assertThat(alone.dataBetweenRuns()).isEqualTo(DataBetweenRuns.KEPT);
    }

    @Test
    void eachSystemSaysWhatThreadsServeItAndHowToLoadAndControlItByHand() {
        SystemUnderTest labs = SystemUnderTest.of(ThreadMode.VIRTUAL, null), reactive = SystemUnderTest.of(ThreadMode.REACTIVE, null),
                users = SystemUnderTest.of(ThreadMode.PLATFORM, app(false, null));

        assertThat(labs.announced(ThreadMode.VIRTUAL)).isEqualTo("virtual threads");
        assertThat(reactive.threads(ThreadMode.REACTIVE)).isEqualTo("virtual threads (the reactive mode's gateway)");
        assertThat(reactive.announced(ThreadMode.REACTIVE)).isEqualTo("the reactive mode");
        assertThat(users.announced(ThreadMode.PLATFORM)).isEqualTo("platform threads, your application");
        assertThat(labs.byHand("http://127.0.0.1:8080")).hasSize(2).first().asString().contains("CreatePessoaSimulation", "-DbaseUrl=http://127.0.0.1:8080");
        assertThat(users.byHand("http://127.0.0.1:8080")).singleElement().asString().contains("ScenarioSimulation", "YOUR-SCENARIO.yaml");
        assertThat(labs.controlled()).isEqualTo("COMPONENT");
        assertThat(users.controlled()).isEqualTo("app");
    }

    @Test
    void theStacksEndpointsAreTheSystemsOwn() {
        Endpoints lab = Endpoints.of(settings(ThreadMode.VIRTUAL, null));
        assertThat(lab.pessoaManagement()).isEqualTo("http://127.0.0.1:19081");
        assertThat(lab.jdbcUrl()).startsWith("jdbc:postgresql://127.0.0.1:15432/");
        assertThat(lab.cepAdmin()).isEqualTo("http://127.0.0.1:18089");
        assertThat(lab.services()).containsOnlyKeys("pessoa-service", "gateway-service");

        Endpoints app = Endpoints.of(settings(ThreadMode.VIRTUAL, app(true, null)));
        assertThat(app.gateway()).isEqualTo("http://127.0.0.1:18080");
        assertThat(app.pessoaManagement()).isEqualTo(app.gatewayManagement()).isEqualTo("http://127.0.0.1:19080");
        assertThat(app.jdbcUrl()).isNull();
        assertThat(settings(ThreadMode.VIRTUAL, app(true, null)).jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:15432/app");
        assertThat(app.cepAdmin()).isNull();
        assertThat(app.services()).containsOnlyKeys("app");
    }

    @Test
    void aUsersJarRunsInTheThreadModesOnlyTheReactiveModeIsTheLabsOwnService() {
        assertThatThrownBy(() -> settings(ThreadMode.REACTIVE, app(true, null)).system()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--modes platform,virtual");
    }
}
