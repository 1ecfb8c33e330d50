package lab.vthreads.lab.compose;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import lab.vthreads.lab.stack.StackSettings.StackPorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** What a real `docker compose up` relies on, checked statically, and kept in step with `./lab up`. */
class ComposeContractTest {

    static final Map<String, Map<String, Object>> SERVICES = ComposeFile.services();

    @Test
    void everyLongRunningServiceHasAHealthcheckAndEveryOneShotIsAwaitedToCompletion() {
        Set<String> oneShots = new HashSet<>();
        SERVICES.values().forEach(s -> ComposeFile.map(s, "depends_on").forEach((name, dependency) -> {
            if ("service_completed_successfully".equals(((Map<?, ?>) dependency).get("condition"))) oneShots.add(name);
        }));
        SERVICES.forEach((name, service) -> {
            if (oneShots.contains(name)) {
                assertThat(service.get("restart")).as(name).isEqualTo("no");
            } else {
                assertThat(ComposeFile.list(ComposeFile.map(service, "healthcheck"), "test")).as(name + " healthcheck").isNotEmpty();
            }
        });
        assertThat(oneShots).containsExactly("cep-latency");
    }

    /** SIGTERM must leave a service its whole graceful shutdown phase, wherever it runs, or requests in flight are cut. */
    @Test
    void whateverStopsAServiceWaitsLongerThanItsGracefulShutdown() throws IOException {
        for (String name : List.of("pessoa-service", "gateway-service")) {
            Map<String, Object> config;
            try (Reader reader = Files.newBufferedReader(Path.of("..", name, "src/main/resources/application.yaml"))) {
                // The first document: the defaults every profile starts from.
                @SuppressWarnings("unchecked")
                Map<String, Object> defaults = (Map<String, Object>) new Yaml().loadAll(reader).iterator().next();
                config = defaults;
            }
            int gracefulSeconds = seconds(ComposeFile.map(ComposeFile.map(config, "spring"), "lifecycle").get("timeout-per-shutdown-phase"));
            assertThat(ComposeFile.map(config, "server").get("shutdown")).as(name).isEqualTo("graceful");
            assertThat(gracefulSeconds).as(name).isPositive();
            assertThat(seconds(SERVICES.get(name).get("stop_grace_period"))).as(name + " compose").isGreaterThan(gracefulSeconds);
            String deployment = Files.readString(Path.of("..", "k8s/base", name + ".yaml"));
            int kubernetes = Integer.parseInt(deployment.replaceAll("(?s).*terminationGracePeriodSeconds: (\\d+).*", "$1"));
            assertThat(kubernetes).as(name + " Kubernetes").isGreaterThan(gracefulSeconds);
        }
    }

    private static int seconds(Object duration) {
        String text = String.valueOf(duration);
        assertThat(text).matches("\\d+s");
        return Integer.parseInt(text.substring(0, text.length() - 1));
    }

    /** Maven reads every child module's pom before it builds any one of them, so the image's sources stage must hold them all. */
    @Test
    void theDockerfileCopiesEveryReactorModulesPom() throws IOException {
        String rootPom = Files.readString(ComposeFile.HOME.resolve("pom.xml"));
        List<String> modules = java.util.regex.Pattern.compile("<module>([^<]+)</module>").matcher(rootPom).results().map(m -> m.group(1)).toList();
        assertThat(modules).contains("pessoa-service", "gatling");
        String dockerfile = Files.readString(ComposeFile.HOME.resolve("Dockerfile"));
        for (String module : modules) {
            assertThat(dockerfile).as(module).contains("COPY " + module + "/pom.xml " + module + "/");
        }
    }

    @Test
    void everyServiceHasCpuAndMemoryLimits() {
        SERVICES.forEach((name, service) -> {
            Map<String, Object> limits = ComposeFile.map(ComposeFile.map(ComposeFile.map(service, "deploy"), "resources"), "limits");
            assertThat(limits).as(name).containsKeys("cpus", "memory");
        });
    }

    @Test
    void theServicesUnderTestGetEqualLimitsInBothThreadModesWithThePapersDefaults() {
        for (String name : List.of("pessoa-service", "gateway-service")) {
            Map<String, Object> limits = ComposeFile.map(ComposeFile.map(ComposeFile.map(SERVICES.get(name), "deploy"), "resources"), "limits");
            // The thread mode is only a profile; nothing in the limits depends on it.
            assertThat(limits.values().toString()).doesNotContain("THREAD_MODE");
            assertThat(String.valueOf(limits.get("cpus"))).endsWith(":-2}");
            assertThat(String.valueOf(limits.get("memory"))).endsWith(":-2g}");
        }
    }

    @Test
    void everyImageIsPinned() {
        SERVICES.forEach((name, service) -> {
            Object image = service.get("image");
            if (image == null) {
                assertThat(service).as(name + " is built").containsKey("build");
                return;
            }
            String tag = image.toString().substring(image.toString().lastIndexOf(':') + 1);
            assertThat(image.toString()).as(name).contains(":");
            assertThat(tag).as(name).isNotBlank().isNotEqualTo("latest").matches(".*\\d.*");
        });
    }

    @Test
    void everyDependencyIsGatedOnHealthOrCompletion() {
        SERVICES.forEach((name, service) -> {
            Object dependsOn = service.get("depends_on");
            if (dependsOn == null) return;
            assertThat(dependsOn).as(name + ": the long form, with conditions").isInstanceOf(Map.class);
            ComposeFile.map(service, "depends_on").forEach((dependency, spec) ->
                    assertThat(((Map<?, ?>) spec).get("condition")).as(name + " -> " + dependency)
                            .isIn("service_healthy", "service_completed_successfully"));
        });
    }

    @Test
    void portsAreOnLoopbackAndMatchTheNativeDefaults() {
        StackPorts native_ = StackPorts.DEFAULTS;
        assertThat(published("gateway-service")).containsExactlyInAnyOrder(native_.gateway(), native_.gatewayManagement());
        assertThat(published("pessoa-service")).containsExactlyInAnyOrder(native_.pessoa(), native_.pessoaManagement());
        assertThat(published("wiremock")).containsExactly(native_.wiremock());
        assertThat(published("postgres")).containsExactly(native_.postgres());
        SERVICES.forEach((name, service) -> ComposeFile.list(service, "ports").forEach(port ->
                assertThat(port.toString()).as(name).startsWith("127.0.0.1:")));
    }

    @Test
    void wireMockRunsWithAsyncResponsesAndNoJournal() {
        String command = String.join(" ", ComposeFile.list(SERVICES.get("wiremock"), "command").stream().map(Object::toString).toList());

        assertThat(command).contains("--async-response-enabled true", "--no-request-journal", "--port 8089");
    }

    @ParameterizedTest
    @ValueSource(strings = {"pessoa-service", "gateway-service"})
    void everyEnvironmentVariableNamesAPropertyTheServiceReads(String service) throws IOException {
        Set<String> known = new HashSet<>();
        propertyNames(service).forEach(name -> known.add(canonical(name)));

        Map<String, Object> environment = ComposeFile.map(SERVICES.get(service), "environment");
        assertThat(environment).isNotEmpty();
        environment.keySet().forEach(variable ->
                assertThat(known).as(service + ": " + variable + " binds to no property the service knows").contains(canonical(variable)));
    }

    /**
     * HikariCP settings need the canonical form: dots become underscores and dashes disappear (CONNECTIONTIMEOUT).
     * The legacy form with an underscore for the dash (CONNECTION_TIMEOUT) also reads as the path connection.timeout,
     * and HikariDataSource, the bean those settings bind to, has a getConnection(): binding that "property" opened
     * the pool before its settings were bound, and the service did not start ("The configuration of the pool is
     * sealed once started"). Plain records and maps (lab.cep.*) have no such getters; their legacy forms are kept.
     */
    @Test
    void hikariSettingsUseTheCanonicalEnvironmentForm() throws IOException {
        Set<String> envForms = new HashSet<>();
        for (String property : propertyNames("pessoa-service")) {
            envForms.add(property.replace('.', '_').replace("-", "").toUpperCase(Locale.ROOT));
        }
        List<String> hikari = ComposeFile.map(SERVICES.get("pessoa-service"), "environment").keySet().stream()
                .filter(v -> v.startsWith("SPRING_DATASOURCE_HIKARI_")).toList();
        assertThat(hikari).isNotEmpty();
        hikari.forEach(variable -> assertThat(envForms).as(variable + " is not the canonical environment form of a property").contains(variable));
    }

    /** Property names as declared (dashed), from Boot's metadata and the service's application.yaml. */
    static Set<String> propertyNames(String service) throws IOException {
        Set<String> names = new HashSet<>();
        ObjectMapper json = new ObjectMapper();
        for (String resource : List.of("META-INF/spring-configuration-metadata.json", "META-INF/additional-spring-configuration-metadata.json")) {
            for (URL url : Collections.list(ComposeContractTest.class.getClassLoader().getResources(resource))) {
                try (InputStream in = url.openStream()) {
                    json.readTree(in).path("properties").forEach(p -> names.add(p.path("name").asText()));
                }
            }
        }
        assertThat(names).as("Spring Boot's property metadata on the test classpath").hasSizeGreaterThan(500);
        try (Reader reader = Files.newBufferedReader(ComposeFile.HOME.resolve(service).resolve("src/main/resources/application.yaml"))) {
            for (Object document : new Yaml().loadAll(reader)) {
                collect("", (Map<?, ?>) document, names);
            }
        }
        return names;
    }

    private static void collect(String prefix, Map<?, ?> map, Set<String> names) {
        map.forEach((key, value) -> {
            String name = prefix.isEmpty() ? key.toString() : prefix + "." + key;
            if (value instanceof Map<?, ?> nested) collect(name, nested, names);
            else names.add(name);
        });
    }

    /**
     * compose.reactive.yaml, laid over compose.yaml: pessoa-service-reactive in pessoa-service's place, built from the
     * same Dockerfile under an image of its own, every variable it adds a property that service reads, the pool's
     * variables compose.yaml's, and the gateway on virtual threads.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theReactiveOverrideRunsTheReactiveServiceWithItsOwnPropertiesBehindAGatewayOnVirtualThreads() throws IOException {
        Map<String, Map<String, Object>> services = (Map<String, Map<String, Object>>) ComposeFile.loadYaml(ComposeFile.HOME.resolve("compose.reactive.yaml")).get("services");
        Map<String, Object> pessoa = services.get("pessoa-service");
        assertThat(ComposeFile.map(ComposeFile.map(pessoa, "build"), "args")).containsEntry("MODULE", "pessoa-service-reactive");
        assertThat(pessoa.get("image")).isNotEqualTo(SERVICES.get("pessoa-service").get("image")).asString().contains("reactive");
        Set<String> known = new HashSet<>();
        propertyNames("pessoa-service-reactive").forEach(name -> known.add(canonical(name)));
        Map<String, Object> environment = ComposeFile.map(pessoa, "environment");
        environment.keySet().forEach(variable ->
                assertThat(known).as("pessoa-service-reactive: " + variable + " binds to no property it knows").contains(canonical(variable)));
        assertThat(environment).containsEntry("SPRING_R2DBC_POOL_MAXSIZE", "${POOL_SIZE:-10}")
                .containsEntry("SPRING_R2DBC_POOL_MAXACQUIRETIME", "${POOL_TIMEOUT_MS:-30000}ms");
        assertThat(ComposeFile.map(services.get("gateway-service"), "environment")).containsEntry("SPRING_PROFILES_ACTIVE", "virtual");
    }

    @Test
    void theThreadModeProfileExistsInBothServices() throws IOException {
        for (String service : List.of("pessoa-service", "gateway-service")) {
            String yaml = Files.readString(ComposeFile.HOME.resolve(service).resolve("src/main/resources/application.yaml"));
            assertThat(yaml).as(service).contains("on-profile: virtual");
        }
        assertThat(ComposeFile.map(SERVICES.get("pessoa-service"), "environment").get("SPRING_PROFILES_ACTIVE")).isEqualTo("${THREAD_MODE:-platform}");
    }

    @Test
    void prometheusScrapesBothManagementPorts() {
        String config = ComposeFile.loadYaml(ComposeFile.HOME.resolve("observability/prometheus/prometheus.yml")).toString();

        assertThat(config).contains("pessoa-service:" + StackPorts.DEFAULTS.pessoaManagement(),
                "gateway-service:" + StackPorts.DEFAULTS.gatewayManagement(), "/actuator/prometheus");
    }

    @Test
    void theObservabilityProfileIsOffByDefault() {
        assertThat(ComposeFile.list(SERVICES.get("prometheus"), "profiles")).containsExactly("observability");
        assertThat(ComposeFile.list(SERVICES.get("grafana"), "profiles")).containsExactly("observability");
        SERVICES.forEach((name, service) -> {
            if (!List.of("prometheus", "grafana").contains(name)) {
                assertThat(service).as(name).doesNotContainKey("profiles");
            }
        });
    }

    private static List<Integer> published(String service) {
        return ComposeFile.list(SERVICES.get(service), "ports").stream()
                .map(p -> p.toString().split(":"))
                .map(parts -> Integer.parseInt(parts[parts.length - 2]))
                .toList();
    }

    /** Spring's relaxed binding: SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE ~ spring.datasource.hikari.maximum-pool-size. */
    static String canonical(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

}
