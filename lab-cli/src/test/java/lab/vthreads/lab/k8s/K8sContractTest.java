package lab.vthreads.lab.k8s;

import lab.vthreads.lab.stack.StackSettings.StackPorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the Kubernetes manifests under k8s/ promise, checked on the files (k8s/check, run by .ci/run, renders them with
 * kustomize and validates them against the API schemas): the same settings as compose.yaml, equal Guaranteed
 * resources in both thread modes, probes on the management ports, pinned images, and a load that keeps off the
 * system under test's nodes.
 */
class K8sContractTest {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    static final Path BASE = HOME.resolve("k8s/base");
    static final Map<String, Object> COMPOSE_SERVICES = map(load(HOME.resolve("compose.yaml")).getFirst(), "services");

    @ParameterizedTest
    @ValueSource(strings = {"pessoa-service", "gateway-service"})
    void theServicesHaveComposesEnvironmentWithTheSameValues(String service) {
        Map<String, Object> compose = map(COMPOSE_SERVICES.get(service), "environment");
        Map<String, String> k8s = new LinkedHashMap<>();
        for (Object entry : list(container(service), "env")) {
            k8s.put((String) map(entry).get("name"), resolve(map(entry)));
        }

        assertThat(k8s.keySet()).containsExactlyInAnyOrderElementsOf(compose.keySet());
        compose.forEach((name, value) -> assertThat(k8s.get(name)).as(service + ": " + name).isEqualTo(composeDefault(value.toString())));
    }

    @Test
    void everyContainerOfTheSystemUnderTestIsGuaranteedWithComposesLimits() {
        for (String file : List.of("postgres.yaml", "wiremock.yaml", "pessoa-service.yaml", "gateway-service.yaml")) {
            Map<String, Object> workload = workload(file);
            String name = (String) map(workload, "metadata").get("name");
            for (Object container : list(podSpec(workload), "containers")) {
                Map<String, Object> resources = map(container, "resources");
                assertThat(map(resources, "requests")).as(name + ": requests equal limits (Guaranteed QoS)").isEqualTo(map(resources, "limits"));
                Map<String, Object> composeLimits = map(map(map(COMPOSE_SERVICES.get(name), "deploy"), "resources"), "limits");
                assertThat(map(resources, "limits").get("cpu")).as(name).isEqualTo(composeDefault(composeLimits.get("cpus").toString()));
                assertThat(map(resources, "limits").get("memory")).as(name)
                        .isEqualTo(composeDefault(composeLimits.get("memory").toString()).replace("g", "Gi"));
            }
        }
    }

    @Test
    void theOverlaysDifferInTheThreadModeAndTheNamespaceOnly() throws IOException {
        String platform = Files.readString(HOME.resolve("k8s/overlays/platform/kustomization.yaml"));
        String virtual = Files.readString(HOME.resolve("k8s/overlays/virtual/kustomization.yaml"));

        assertThat(virtual.replace("virtual", "MODE")).isEqualTo(platform.replace("platform", "MODE"));
        Map<String, Object> overlay = load(HOME.resolve("k8s/overlays/virtual/kustomization.yaml")).getFirst();
        assertThat(overlay.keySet()).containsExactlyInAnyOrder("apiVersion", "kind", "namespace", "resources", "configMapGenerator");
        assertThat(list(map(list(overlay, "configMapGenerator").getFirst()), "literals")).containsExactly("SPRING_PROFILES_ACTIVE=virtual");
        // compose's default mode is the base's.
        assertThat(list(map(list(kustomization(), "configMapGenerator").getFirst()), "literals"))
                .containsExactly("SPRING_PROFILES_ACTIVE=" + composeDefault(map(COMPOSE_SERVICES.get("pessoa-service"), "environment")
                        .get("SPRING_PROFILES_ACTIVE").toString()));
    }

    /**
     * The reactive overlay: the reactive service's image in pessoa-service's place, compose.reactive.yaml's variables
     * added (with the credentials from the same secret), the gateway's virtual profile, and nothing else changed.
     */
    @Test
    void theReactiveOverlaySwapsInTheReactiveServiceWithComposesReactiveVariables() throws IOException {
        Map<String, Object> overlay = load(HOME.resolve("k8s/overlays/reactive/kustomization.yaml")).getFirst();
        assertThat(overlay.keySet()).containsExactlyInAnyOrder("apiVersion", "kind", "namespace", "resources", "configMapGenerator", "images", "patches");
        assertThat(list(map(list(overlay, "configMapGenerator").getFirst()), "literals")).containsExactly("SPRING_PROFILES_ACTIVE=virtual");
        assertThat(map(list(overlay, "images").getFirst())).containsEntry("name", "vthreads-lab/pessoa-service")
                .containsEntry("newName", "vthreads-lab/pessoa-service-reactive");
        String patch = map(list(overlay, "patches").getFirst()).get("patch").toString();
        Map<String, Object> compose = lab.vthreads.lab.compose.ComposeFile.map(
                lab.vthreads.lab.compose.ComposeFile.services("compose.reactive.yaml").get("pessoa-service"), "environment");
        for (String variable : compose.keySet()) {
            assertThat(patch).as(variable).contains("name: " + variable + ",");
        }
        assertThat(patch.split("op: add", -1)).hasSize(compose.size() + 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pessoa-service", "gateway-service"})
    void probesAskTheManagementPortAndPrometheusIsToldWhereToScrape(String service) {
        int management = service.equals("pessoa-service") ? StackPorts.DEFAULTS.pessoaManagement() : StackPorts.DEFAULTS.gatewayManagement();
        Map<String, Object> container = container(service);
        Map<String, Integer> ports = new HashMap<>();
        list(container, "ports").forEach(p -> ports.put((String) map(p).get("name"), (Integer) map(p).get("containerPort")));

        assertThat(ports.get("management")).isEqualTo(management);
        for (String probe : List.of("startupProbe", "readinessProbe", "livenessProbe")) {
            Map<String, Object> get = map(map(container, probe), "httpGet");
            assertThat(get.get("port")).as(service + " " + probe).isEqualTo("management");
            assertThat(get.get("path").toString()).as(service + " " + probe).startsWith("/actuator/health/");
        }
        Map<String, Object> annotations = map(map(map(map(workload(service + ".yaml"), "spec"), "template"), "metadata"), "annotations");
        assertThat(annotations).containsEntry("prometheus.io/scrape", "true").containsEntry("prometheus.io/port", Integer.toString(management))
                .containsEntry("prometheus.io/path", "/actuator/prometheus");
    }

    @Test
    void everyImageIsPinnedAndTheLabsOwnAreTheDockerfilesTargets() throws IOException {
        Map<String, String> tags = new HashMap<>();
        for (Path kustomization : List.of(BASE.resolve("kustomization.yaml"), HOME.resolve("k8s/load/base/kustomization.yaml"))) {
            list(load(kustomization).getFirst(), "images").forEach(i -> tags.put((String) map(i).get("name"), map(i).get("newTag").toString()));
        }
        List<String> images = new ArrayList<>();
        try (Stream<Path> files = Files.walk(HOME.resolve("k8s"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).toList()) {
                Files.readAllLines(file).stream().map(String::trim).filter(l -> l.startsWith("image: ")).forEach(l -> images.add(l.substring(7)));
            }
        }
        assertThat(images).hasSizeGreaterThanOrEqualTo(7);
        String dockerfile = Files.readString(HOME.resolve("Dockerfile"));
        for (String image : images) {
            String tag = image.contains(":") ? image.substring(image.lastIndexOf(':') + 1) : tags.get(image);
            assertThat(tag).as(image).isNotNull().isNotEqualTo("latest").matches(".*\\d.*");
            if (image.startsWith("vthreads-lab/")) {
                String target = image.substring("vthreads-lab/".length());
                assertThat(dockerfile).as(image + " is built by the Dockerfile").containsPattern("AS (" + target + "|service)\\b");
            }
        }
        // The public images are the ones compose uses.
        for (String service : List.of("postgres", "wiremock")) {
            assertThat(images).contains(COMPOSE_SERVICES.get(service) instanceof Map<?, ?> m ? m.get("image").toString() : "");
        }
    }

    @Test
    void wireMockAndPostgresRunWithComposesCommandLines() {
        assertThat(list(container("wiremock"), "args")).isEqualTo(list(COMPOSE_SERVICES.get("wiremock"), "command"));
        List<Object> postgres = list(COMPOSE_SERVICES.get("postgres"), "command");
        assertThat(list(container("postgres"), "args")).isEqualTo(postgres.subList(1, postgres.size()));
    }

    @Test
    void theWireMockConfigMapsHoldExactlyTheFilesOfWiremock() throws IOException {
        Map<String, Object> kustomization = load(HOME.resolve("wiremock/kustomization.yaml")).getFirst();
        TreeSet<String> listed = new TreeSet<>();
        list(kustomization, "configMapGenerator").forEach(g -> list(map(g), "files").forEach(f -> listed.add(f.toString())));
        TreeSet<String> onDisk = new TreeSet<>();
        for (String folder : List.of("mappings", "__files/ceps")) {
            try (Stream<Path> files = Files.list(HOME.resolve("wiremock").resolve(folder))) {
                files.forEach(f -> onDisk.add(folder + "/" + f.getFileName()));
            }
        }
        assertThat(listed).as("regenerate with wiremock/generate-ceps.py").isEqualTo(onDisk);
    }

    @Test
    void theLoadSplitsItsUsersOverTheJobsPodsAndKeepsOffTheSystemUnderTestsNodes() {
        Map<String, Object> job = load(HOME.resolve("k8s/load/base/gatling-job.yaml")).getFirst();
        Map<String, Object> spec = map(job, "spec");
        Map<String, String> parameters = literals(load(HOME.resolve("k8s/load/base/kustomization.yaml")).getFirst(), "load-parameters");

        assertThat(spec.get("completionMode")).isEqualTo("Indexed");
        assertThat(spec.get("parallelism").toString()).isEqualTo(parameters.get("SHARDS")).isEqualTo(spec.get("completions").toString());
        Map<String, Object> antiAffinity = map(list(map(map(podSpec(job), "affinity"), "podAntiAffinity"), "requiredDuringSchedulingIgnoredDuringExecution")
                .getFirst());
        Map<String, Object> selector = map(map(antiAffinity, "labelSelector"), "matchLabels");
        assertThat(antiAffinity.get("topologyKey")).isEqualTo("kubernetes.io/hostname");
        assertThat(antiAffinity).containsKey("namespaceSelector");
        for (String file : List.of("postgres.yaml", "pessoa-service.yaml", "gateway-service.yaml")) {
            assertThat(map(map(map(map(workload(file), "spec"), "template"), "metadata"), "labels")).as(file).containsAllEntriesOf(selector);
        }
    }

    // --- reading the manifests ---

    /** A container's env entry as compose would have it: a literal, or what the ConfigMap or Secret it names holds. */
    private static String resolve(Map<String, Object> env) {
        if (env.containsKey("value")) return env.get("value").toString();
        Map<String, Object> from = map(env, "valueFrom");
        Map<String, Object> ref = from.containsKey("secretKeyRef") ? map(from, "secretKeyRef") : map(from, "configMapKeyRef");
        String generator = from.containsKey("secretKeyRef") ? "secretGenerator" : "configMapGenerator";
        Map<String, String> literals = new HashMap<>();
        list(kustomization(), generator).stream().map(K8sContractTest::map).filter(g -> g.get("name").equals(ref.get("name")))
                .forEach(g -> list(g, "literals").forEach(l -> literals.put(l.toString().split("=", 2)[0], l.toString().split("=", 2)[1])));
        return literals.get(ref.get("key").toString());
    }

    private static Map<String, String> literals(Map<String, Object> kustomization, String name) {
        Map<String, String> literals = new HashMap<>();
        list(kustomization, "configMapGenerator").stream().map(K8sContractTest::map).filter(g -> g.get("name").equals(name))
                .forEach(g -> list(g, "literals").forEach(l -> literals.put(l.toString().split("=", 2)[0], l.toString().split("=", 2)[1])));
        return literals;
    }

    /** ${VAR:-default} → default; anything else as is. */
    private static String composeDefault(String value) {
        return value.startsWith("${") && value.contains(":-") ? value.substring(value.indexOf(":-") + 2, value.length() - 1) : value;
    }

    private static Map<String, Object> kustomization() {
        return load(BASE.resolve("kustomization.yaml")).getFirst();
    }

    private static Map<String, Object> workload(String file) {
        return load(BASE.resolve(file)).stream().filter(d -> List.of("Deployment", "StatefulSet").contains(d.get("kind"))).findFirst().orElseThrow();
    }

    private static Map<String, Object> podSpec(Map<String, Object> workload) {
        return map(map(map(workload, "spec"), "template"), "spec");
    }

    private static Map<String, Object> container(String name) {
        return map(list(podSpec(workload(name + ".yaml")), "containers").getFirst());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> load(Path file) {
        try (Reader reader = Files.newBufferedReader(file)) {
            List<Map<String, Object>> documents = new ArrayList<>();
            new Yaml().loadAll(reader).forEach(d -> documents.add((Map<String, Object>) d));
            return documents;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    private static Map<String, Object> map(Object parent, String key) {
        return map(map(parent).get(key));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object parent, String key) {
        Object value = map(parent).get(key);
        return value instanceof List<?> l ? (List<Object>) l : List.of();
    }
}
