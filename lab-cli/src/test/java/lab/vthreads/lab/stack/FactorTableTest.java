package lab.vthreads.lab.stack;

import lab.vthreads.lab.cli.FactorOptions;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.TestPreset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The factor table against every place a factor travels: a {@link Factors} component without a row, or a row whose
 * option, builder method, merge, property, flag or documentation is missing, fails here.
 */
class FactorTableTest {

    /** A value an option takes on the command line, where a whole number or a flag's "" would not do. */
    private static final Map<Factor, String> SAMPLE = Map.of(Factor.CEP_LATENCY, "fixed:5", Factor.HIKARI_CP, "7.1.0", Factor.CLIENT, "patient",
            Factor.JDK, "21", Factor.CEP_LOCK, "synchronized", Factor.LAUNCH, "extracted",
            Factor.FIRST_PASS, "in-turn");

    private static String sample(Factor factor) {
        if (SAMPLE.containsKey(factor)) return SAMPLE.get(factor);
        if (factor.cli().type() == Integer.class) return "3";
        if (factor.cli().type() == Boolean.class) return "";
        throw new AssertionError(factor.option() + " takes text: give it a sample value in SAMPLE");
    }

    @Test
    void everyFactorsComponentHasExactlyOneRowAndEveryRowAComponent() {
        List<String> components = Arrays.stream(Factors.class.getRecordComponents()).map(RecordComponent::getName).toList();

        assertThat(Arrays.stream(Factor.values()).map(Factor::key).toList()).containsExactlyInAnyOrderElementsOf(components);
    }

    @Test
    void eachRowsOptionSetsItsComponentAndTheMergeAndTheBuilderKeepIt() throws Exception {
        for (Factor factor : Factor.values()) {
            Factors given = parse(factor);
            Object value = component(given, factor);
            assertThat(value).as(factor.option() + " sets " + factor.key()).isNotNull();
            assertThat(Arrays.stream(Factors.class.getRecordComponents()).filter(c -> !c.getName().equals(factor.key())))
                    .as(factor.option() + " sets nothing else").allSatisfy(c -> assertThat(c.getAccessor().invoke(given)).isNull());
            assertThat(component(Factors.NONE.overriddenBy(given), factor)).as("merged onto nothing").isEqualTo(value);
            assertThat(component(given.overriddenBy(Factors.NONE), factor)).as("kept under nothing").isEqualTo(value);
            Factors.Builder builder = Factors.builder();
            Factors.Builder.class.getMethod(factor.key(), value.getClass()).invoke(builder, value);
            assertThat(builder.build()).as("the builder's " + factor.key()).isEqualTo(given);
        }
    }

    @Test
    void eachKeyIsReadFromAPresetAsItsOptionIsFromTheCommandLine() throws Exception {
        for (Factor factor : Factor.values()) {
            String sample = sample(factor);
            String yaml = sample.isEmpty() ? "true" : factor.cli().type() == String.class ? "\"" + sample + "\"" : sample;
            Preset preset = TestPreset.named("keys").users(2).modes("virtual").seconds(0, 1, 0).set(factor.key(), yaml).build();
            assertThat(component(preset.factors(), factor)).as(factor.key() + " in a preset").isEqualTo(component(parse(factor), factor));
        }
    }

    @Test
    void eachSpringPropertyAndJvmFlagReachesTheServiceThatReadsIt(@TempDir Path home) throws Exception {
        for (String module : List.of("pessoa-service", "pessoa-service-reactive", "gateway-service")) {
            Files.createDirectories(home.resolve(module).resolve("target"));
            Files.writeString(home.resolve(module).resolve("target").resolve(module + "-0.1.0.jar"), "");
        }
        for (Factor factor : Factor.values()) {
            if (factor.route() != Factor.Route.SPRING_PROPERTY && factor.route() != Factor.Route.JVM_FLAG) continue;
            StackSettings settings = new StackSettings(ThreadMode.VIRTUAL, parse(factor), new StackSettings.StackPorts(18080, 19080, 18081, 19081, 18089, 15432),
                    Map.of(), null, home, home.resolve("runs/x"));
            List<String> reached = factor.route() == Factor.Route.SPRING_PROPERTY
                    ? SpringServices.of(settings, StackSettings.Component.PESSOA).arguments()
                    : Launcher.jvmFlags(settings, StackSettings.Component.PESSOA);
            String prefix = (factor.route() == Factor.Route.SPRING_PROPERTY ? "--" : "") + factor.target() + "=";
            assertThat(reached).as(factor.key() + " as " + factor.target()).anyMatch(a -> a.startsWith(prefix));
            if (!new ReactiveService().has(factor) || ReactiveService.GATEWAY_ONLY.contains(factor)) continue;
            StackSettings reactive = new StackSettings(ThreadMode.REACTIVE, parse(factor), settings.ports(), Map.of(), null, home, home.resolve("runs/x"));
            List<String> reachedReactive = factor.route() == Factor.Route.SPRING_PROPERTY
                    ? SpringServices.of(reactive, StackSettings.Component.PESSOA).arguments()
                    : Launcher.jvmFlags(reactive, StackSettings.Component.PESSOA);
            String reactivePrefix = (factor.route() == Factor.Route.SPRING_PROPERTY ? "--" : "")
                    + ReactiveService.OWN_PROPERTIES.getOrDefault(factor, factor.target()) + "=";
            assertThat(reachedReactive).as(factor.key() + " in the reactive service").anyMatch(a -> a.startsWith(reactivePrefix));
        }
    }

    @Test
    void eachKeyIsDocumentedAmongThePresetsFactors() throws Exception {
        String presets = Files.readString(Path.of("../docs/presets.md"));
        for (Factor factor : Factor.values()) {
            assertThat(presets).as("docs/presets.md's row for " + factor.key()).contains("| `" + factor.key() + "` |");
        }
    }

    @Test
    void eachRowSaysWhatTheReactiveModeDoesWithIt() throws Exception {
        List<String> rows = Files.readAllLines(Path.of("../docs/presets.md"));
        for (Factor factor : Factor.values()) {
            String row = rows.stream().filter(l -> l.startsWith("| `" + factor.key() + "` |")).findFirst().orElseThrow();
            String reactive = row.substring(row.lastIndexOf('|', row.length() - 2) + 1, row.length() - 1).strip();
            if (!new ReactiveService().has(factor)) {
                assertThat(reactive).as(factor.key()).isEqualTo("refused");
            } else if (ReactiveService.AS_PESSOA_SERVICE.contains(factor)) {
                assertThat(reactive).as(factor.key()).isIn("same", "the gateway's (virtual threads)");
            } else if (ReactiveService.GATEWAY_ONLY.contains(factor)) {
                assertThat(reactive).as(factor.key()).isEqualTo("the gateway's only");
            } else {
                String own = ReactiveService.OWN_PROPERTIES.get(factor);
                String property = own.substring(own.lastIndexOf('.') + 1);
                assertThat(reactive).as(factor.key()).contains("`" + property + "`");
            }
        }
    }

    @Test
    void theReactiveServiceGetsItsOwnNamesForThePoolAndNoneOfTheBlockingServicesSwitches(@TempDir Path home) {
        StackSettings settings = new StackSettings(ThreadMode.REACTIVE, Factors.builder().poolSize(7).poolTimeoutMs(900).tomcatThreads(25).build(),
                new StackSettings.StackPorts(18080, 19080, 18081, 19081, 18089, 15432), Map.of(), null, home, home.resolve("runs/x"));
        Map<String, String> pessoa = ReactiveService.properties(settings);
        assertThat(pessoa).containsEntry("spring.r2dbc.pool.max-size", "7").containsEntry("spring.r2dbc.pool.max-acquire-time", "900ms")
                .containsEntry("spring.threads.virtual.enabled", "false")
                .doesNotContainKeys(Factor.TOMCAT_THREADS.target(), Factor.POOL_SIZE.target(), "spring.datasource.url");
        assertThat(pessoa.get("spring.r2dbc.url")).startsWith("r2dbc:postgresql://");
        assertThat(SpringProperties.gateway(settings)).containsEntry("spring.threads.virtual.enabled", "true")
                .containsEntry(Factor.TOMCAT_THREADS.target(), "25");
        for (Factor factor : Factor.values()) {
            if (new ReactiveService().has(factor) || factor.asked(parse(factor)) == null) continue;
            String yaml = TestPreset.named("refused").users(2).modes("virtual", "reactive").seconds(0, 1, 0)
                    .set(factor.key(), factor == Factor.CEP_LOCK ? "synchronized" : factor == Factor.HIKARI_CP ? "\"7.0.2\"" : "4").yaml();
            assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> Preset.parse(yaml))).as(factor.key())
                    .hasMessageContaining(factor.key() + " is a setting of the blocking pessoa-service");
        }
    }

    @Test
    void whatOnlyTheLabsServiceReadsIsRefusedForAnApplication() {
        for (Factor factor : Factor.values()) {
            if (factor.forApplications()) continue;
            assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> ApplicationArguments.checkFactors(parse(factor))))
                    .as(factor.option()).hasMessageStartingWith(factor.option() + " is a setting of the lab's own pessoa-service");
        }
    }

    private static Factors parse(Factor factor) {
        FactorOptions options = new FactorOptions();
        String sample = sample(factor);
        FactorOptions.alone(options).parseArgs(sample.isEmpty() ? new String[]{factor.option()} : new String[]{factor.option(), sample});
        return options.factors();
    }

    private static Object component(Factors factors, Factor factor) throws Exception {
        return Factors.class.getMethod(factor.key()).invoke(factors);
    }
}
