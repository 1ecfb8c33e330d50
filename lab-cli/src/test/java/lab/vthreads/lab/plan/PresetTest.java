package lab.vthreads.lab.plan;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.lab.faults.Fault;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class PresetTest {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theStartUpCheckIsTheAppPresetsAndAnOptionsNotTheDefaults() {
        assertThat(Preset.resolve(HOME, "app").startupChecks()).isEqualTo(5);
        assertThat(Preset.resolve(HOME, "default").startupChecks()).isZero();
        Preset asked = Preset.resolve(HOME, "default").with(new Preset.Overrides(null, null, null, null, null, null, null, null, 20), Factors.NONE);
        assertThat(asked.startupChecks()).isEqualTo(20);
        assertThat(asked.shortened().startupChecks()).isEqualTo(20);
        assertThatThrownBy(() -> TestPreset.named("x").set("startupChecks", -1).build()).hasMessageContaining("startupChecks >= 0");
    }

    @Test
    void everyPresetInTheRepositoryLoads() {
        assertThat(Preset.all(HOME)).extracting(Preset::name)
                .containsExactlyInAnyOrder("default", "app", "paper", "lognormal-50", "jmeter-1000", "cpu-bound", "executor-micro", "pool", "hikari", "faults", "io-bound", "pinning", "observe-cost", "reactive");
    }

    @Test
    void thePinningPresetRunsEachLockOnBothJdksWithVirtualThreadsAndPlatformAsTheControl() {
        Preset preset = Preset.resolve(HOME, "pinning");

        assertThat(preset.cells()).extracting(Cell::id).containsExactlyInAnyOrder(
                "jdk21-synchronized-platform-40u", "jdk21-synchronized-virtual-40u", "jdk21-synchronized-virtual-40u-aa",
                "jdk25-synchronized-platform-40u", "jdk25-synchronized-virtual-40u", "jdk25-synchronized-virtual-40u-aa",
                "jdk21-reentrant-lock-virtual-40u", "jdk21-reentrant-lock-virtual-40u-aa",
                "jdk25-reentrant-lock-virtual-40u", "jdk25-reentrant-lock-virtual-40u-aa",
                "jdk21-synchronized-4-carriers-virtual-40u", "jdk21-synchronized-4-carriers-virtual-40u-aa");
        assertThat(preset.cells()).allMatch(c -> c.factors().jdk() != null && c.factors().cepLock() != null && c.users() > 2 * 2);
    }

    @Test
    void theDefaultPresetComparesBothModesWhereTheThreadLimitCanBind() {
        Preset preset = Preset.resolve(HOME, "default");

        assertThat(preset.modes()).containsExactly(ThreadMode.PLATFORM, ThreadMode.VIRTUAL);
        // More users than Tomcat threads at the top level, fewer at the bottom: divergence and parity.
        assertThat(preset.users().getLast()).isGreaterThan(preset.factors().tomcatThreads());
        assertThat(preset.users().getFirst()).isLessThanOrEqualTo(preset.factors().tomcatThreads());
    }

    @Test
    void theReactivePresetMeasuresTheContenderBesideBothThreadModesWhereThreadsAndWhereTheCpuBind() {
        Preset preset = Preset.resolve(HOME, "reactive");

        assertThat(preset.modes()).containsExactly(ThreadMode.PLATFORM, ThreadMode.VIRTUAL, ThreadMode.REACTIVE);
        assertThat(preset.users()).allMatch(u -> u > preset.factors().tomcatThreads());
        assertThat(preset.cells()).extracting(Cell::id).contains("reactive-120u", "reactive-400u", "reactive-400u-aa");
    }

    @Test
    void thePaperPresetHasTheSeedsSettingsAndAShortVariant() {
        Preset paper = Preset.resolve(HOME, "paper");

        assertThat(paper.users()).containsExactly(100, 500, 1000);
        assertThat(paper.factors().tomcatThreads()).isEqualTo(400);
        assertThat(paper.factors().cepLatency()).isEqualTo("fixed:200");
        assertThat(List.of(paper.rampUpSeconds(), paper.holdSeconds(), paper.rampDownSeconds())).containsExactly(60, 120, 30);
        Preset shortPaper = paper.shortened();
        assertThat(shortPaper.holdSeconds()).isLessThan(paper.holdSeconds());
        assertThat(shortPaper.users()).isEqualTo(paper.users());
    }

    @Test
    void everyPresetHasAShortVariantWithTheSameCells() {
        for (Preset preset : Preset.all(HOME)) {
            if (preset.name().equals("default")) continue;
            Preset shortened = preset.shortened();
            assertThat(shortened).as(preset.name()).isNotEqualTo(preset);
            if (!preset.isMicroBenchmark()) {
                assertThat(shortened.cells()).as(preset.name()).isEqualTo(preset.cells());
                assertThat(shortened.measuredSeconds()).as(preset.name()).isLessThanOrEqualTo(preset.measuredSeconds());
            }
        }
    }

    @Test
    void aStudyTheLabCouldIdentifyIsCitedByTitleAndAddressBeforeItsDescription() {
        Published published = Preset.resolve(HOME, "lognormal-50").published();

        assertThat(published.study().title()).isEqualTo("Project Loom e Spring Boot: um estudo de caso de performance");
        assertThat(published.cited()).startsWith("“Project Loom e Spring Boot: um estudo de caso de performance” (CWI blog), https://cwi.com.br/")
                .endsWith(published.source());
        // the others name no study: their description alone, not an invented citation
        assertThat(Preset.resolve(HOME, "jmeter-1000").published().cited()).isEqualTo(Preset.resolve(HOME, "jmeter-1000").published().source());
    }

    @Test
    void aStudyWithoutAnAddressIsRefused() {
        assertThatThrownBy(() -> new Published.Study("A title", null, null, " ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("title and a url");
    }

    @Test
    void thePublishedExperimentsAndTheirCalibrationsRunOnPrewarmedServices() {
        // --scale sizes the cells from the calibration's CPU bound: a cold calibration would size them for cold services.
        for (String name : List.of("paper", "jmeter-1000", "lognormal-50", "cpu-bound", "io-bound")) {
            Preset preset = Preset.resolve(HOME, name);
            assertThat(preset.prewarmSeconds()).as(name).isPositive();
            assertThat(preset.shortened().prewarmSeconds()).as(name).isEqualTo(preset.prewarmSeconds());
        }
        // the main command too (issue 30): cold, its virtual 200-user window measured the JIT, not the thread model
        assertThat(Preset.resolve(HOME, "default").prewarmSeconds()).isPositive();
    }

    @Test
    void theDefaultPresetMeasuresItsOwnNoiseFloorWithOneAaCopyAtItsHighestLevel() {
        Preset preset = Preset.resolve(HOME, "default");

        assertThat(preset.cells()).extracting(Cell::id)
                .containsExactly("platform-20u", "virtual-20u", "platform-120u", "virtual-120u", "virtual-120u-aa");
        // --aa-control on the command line keeps the preset's level rule; a preset without one copies every level.
        Preset platformCopies = preset.with(new Preset.Overrides(null, null, null, null, null, ThreadMode.PLATFORM, null, null, null), Factors.NONE);
        assertThat(platformCopies.cells()).extracting(Cell::id).contains("platform-120u-aa").doesNotContain("platform-20u-aa");
        Preset every = Preset.resolve(HOME, "cpu-bound").with(new Preset.Overrides(null, null, null, null, null, ThreadMode.PLATFORM, null, null, null), Factors.NONE);
        assertThat(every.cells()).filteredOn(Cell::replica).hasSize(every.users().size());
    }

    @Test
    void variantsNamedOnTheCommandLineAreTheOnlyOnesRunAndAnUnknownOneIsNamed() {
        Preset pinning = Preset.resolve(HOME, "pinning");
        Preset one = pinning.with(new Preset.Overrides(null, null, null, null, null, null, null, List.of("jdk25-synchronized"), null), Factors.NONE);

        assertThat(one.cells()).extracting(Cell::id)
                .containsExactly("jdk25-synchronized-platform-40u", "jdk25-synchronized-virtual-40u", "jdk25-synchronized-virtual-40u-aa");
        assertThat(one.cells().get(1).factors()).isEqualTo(pinning.cells().stream()
                .filter(c -> c.id().equals("jdk25-synchronized-virtual-40u")).findFirst().orElseThrow().factors());
        assertThatThrownBy(() -> pinning.with(new Preset.Overrides(null, null, null, null, null, null, null, List.of("jdk26"), null), Factors.NONE))
                .hasMessageContaining("preset pinning has no variant jdk26; its variants: jdk21-synchronized, jdk25-synchronized");
        assertThatThrownBy(() -> Preset.resolve(HOME, "default").with(new Preset.Overrides(null, null, null, null, null, null, null, List.of("x"), null), Factors.NONE))
                .hasMessageContaining("it has no variants");
    }

    @Test
    void thePublishedPresetsCarryTheSeedsNumbers() {
        // virtual ÷ platform: paper +77% at 1000 users; lognormal-50 +29.5% and −36% p95; jmeter-1000 464 ÷ 97; cpu-bound parity
        assertThat(row(Preset.resolve(HOME, "paper"), 1000).throughputRatio()).isCloseTo(3230.0 / 1818, within(1e-9));
        assertThat(row(Preset.resolve(HOME, "lognormal-50"), 50).throughputRatio()).isCloseTo(1.295, within(0.001));
        assertThat(row(Preset.resolve(HOME, "lognormal-50"), 50).p95Ratio()).isCloseTo(0.64, within(0.001));
        assertThat(row(Preset.resolve(HOME, "jmeter-1000"), 1000).throughputRatio()).isCloseTo(464.0 / 97, within(1e-9));
        assertThat(row(Preset.resolve(HOME, "cpu-bound"), 100).throughputRatio()).isCloseTo(8153.0 / 8204, within(1e-9));
        assertThat(Preset.resolve(HOME, "paper").published().footprint().platformPeakThreads()).isEqualTo(412);
        assertThat(Preset.resolve(HOME, "jmeter-1000").published().scaling().tomcatThreads()).isEqualTo(200);
    }

    @Test
    void theIoBoundPresetCarriesTheStudysFiguresAndItsLittlesLawReading() {
        Preset preset = Preset.resolve(HOME, "io-bound");
        Published published = preset.published();
        Published.Row row = row(preset, 2600);

        assertThat(preset.simulation()).isEqualTo("DownstreamCallSimulation");
        assertThat(preset.factors().cepLatency()).isEqualTo("fixed:300");
        // 1.64x, 448 and 319 ms, 2.2 and 1.4 GB, 72% and 84% CPU
        assertThat(row.throughputRatio()).isCloseTo(8898.3 / 5410.1, within(1e-9));
        assertThat(row.meanRatio()).isCloseTo(319.0 / 448, within(1e-9));
        assertThat(published.footprint().platformHeapMb()).isEqualTo(2200);
        assertThat(published.footprint().virtualHeapMb()).isEqualTo(1400);
        assertThat(published.footprint().memoryIsRss()).isTrue();
        assertThat(List.of(published.footprint().platformCpuShare(), published.footprint().virtualCpuShare())).containsExactly(0.72, 0.84);
        // The threads by Little's law: 5,410 req/s × the 300 ms delay; one level below them, one at the study's concurrency.
        assertThat(published.scaling().tomcatThreads()).isEqualTo((int) Math.round(5410 * 0.3));
        assertThat(preset.factors().tomcatThreads()).isEqualTo(published.scaling().tomcatThreads());
        assertThat(preset.users().getFirst()).isLessThan(preset.factors().tomcatThreads());
        assertThat(preset.users().getLast()).isGreaterThan(preset.factors().tomcatThreads());
        assertThat(preset.repeat()).isEqualTo(3);
        assertThat(preset.cells()).filteredOn(Cell::replica).hasSize(preset.users().size());
        assertThat(preset.shortened().holdSeconds()).isLessThan(preset.holdSeconds());
    }

    @Test
    void thePoolPresetSweepsPoolSizesInsideAndOutsideWithAControlBackpressureAndThePreviousHikariCp() {
        List<Cell> cells = Preset.resolve(HOME, "pool").cells();

        assertThat(cells).extracting(Cell::id).containsExactly(
                "outside-pool-5-virtual-1000u", "outside-pool-10-virtual-1000u", "outside-pool-20-virtual-1000u", "outside-pool-40-virtual-1000u",
                "inside-pool-5-virtual-1000u", "inside-pool-10-virtual-1000u", "inside-pool-20-virtual-1000u", "inside-pool-40-virtual-1000u",
                "inside-pool-10-platform-control-platform-1000u", "inside-pool-10-backpressure-virtual-1000u",
                "inside-pool-10-backpressure-patient-virtual-1000u", "inside-pool-10-hikari-7.0.2-virtual-1000u");
        Cell backpressure = cells.get(9);
        assertThat(backpressure.factors().concurrencyLimit()).isEqualTo(10);
        assertThat(backpressure.factors().poolTimeoutMs()).isEqualTo(250);
        assertThat(backpressure.factors().cepInsideTransaction()).isTrue();
        assertThat(cells.get(8).mode()).isEqualTo(ThreadMode.PLATFORM);
        assertThat(cells.get(11).factors().hikariCp()).isEqualTo("7.0.2");
        // the same backpressure with users that honour Retry-After, the other client kind
        assertThat(cells.get(10).factors().concurrencyLimit()).isEqualTo(10);
        assertThat(cells.get(10).factors().client()).isEqualTo("patient");
        assertThat(backpressure.factors().client()).isNull();
        // a variant overrides only what it names
        assertThat(cells.get(0).factors().cepInsideTransaction()).isFalse();
        assertThat(cells.get(0).factors().hikariCp()).isNull();
    }

    @Test
    void theExecutorMicroBenchmarkHasTheSeedsShapeAndAShorterShortVariant() {
        Preset micro = Preset.resolve(HOME, "executor-micro");

        assertThat(micro.isMicroBenchmark()).isTrue();
        assertThat(micro.executorMicro().ioTasks()).isEqualTo(10_000);
        assertThat(micro.executorMicro().ioSleepMs()).isEqualTo(50);
        assertThat(micro.executorMicro().ioPoolThreads()).isEqualTo(200);
        assertThat(micro.shortened().executorMicro().runs()).isLessThan(micro.executorMicro().runs());
    }

    @Test
    void rejectsVariantsWithoutUniqueNamesAndLimitsForUnknownComponents(@TempDir Path dir) throws IOException {
        String pool = Files.readString(HOME.resolve("presets/pool.yaml"));
        Path twice = dir.resolve("twice.yaml");
        Files.writeString(twice, pool.replace("name: outside-pool-10,", "name: outside-pool-5,"));
        Path limits = dir.resolve("limits.yaml");
        Files.writeString(limits, Files.readString(HOME.resolve("presets/lognormal-50.yaml")).replace("wiremock: \"0.5:512m\"", "redis: \"1\""));

        assertThatIllegalArgumentException().isThrownBy(() -> Preset.load(twice)).withMessageContaining("unique name");
        assertThatIllegalArgumentException().isThrownBy(() -> Preset.load(limits)).withMessageContaining("redis");
    }

    @Test
    void theFaultsPresetInjectsEachFaultInsideTheHoldWindowInBothModes() {
        Preset faults = Preset.resolve(HOME, "faults");

        assertThat(faults.modes()).containsExactly(ThreadMode.PLATFORM, ThreadMode.VIRTUAL);
        // pessoa-service's restart last: the JVM it starts is cold, and the faults before it are measured on warm services.
        assertThat(faults.faults()).extracting(Fault::kind).containsExactly(Fault.Kind.POSTGRES_RESTART, Fault.Kind.CEP_FAULTS,
                Fault.Kind.CEP_RESTART, Fault.Kind.PESSOA_RESTART);
        assertThat(faults.faults().get(1).rate()).isEqualTo(0.05);
        assertThat(faults.prewarmSeconds()).isPositive();
        assertThat(faults.shortened().faults()).isEqualTo(faults.faults());
        assertThat(faults.shortened().prewarmSeconds()).isEqualTo(faults.prewarmSeconds());
    }

    @Test
    void rejectsFaultsThatDoNotFitTheHoldWindowOrLackWhatTheirKindNeeds(@TempDir Path dir) throws IOException {
        String yaml = Files.readString(HOME.resolve("presets/faults.yaml"));
        // what to change in the preset → what the error must say
        List<List<String>> cases = List.of(
                List.of("{kind: pessoa-restart, atSecond: 80}", "{kind: pessoa-restart, atSecond: 120}", "does not end inside the 120 s hold window"),
                List.of("seconds: 10, rate: 0.05}", "seconds: 10}", "rate is required"),
                List.of("{kind: cep-restart, atSecond: 55}", "{kind: cep-restart, atSecond: 7}", "time order"),
                List.of("{kind: postgres-restart, atSecond: 5, seconds: 5}", "{kind: postgres-restart, atSecond: 5}", "needs seconds > 0"),
                List.of("kind: cep-restart", "kind: disk-full", "Unknown fault 'disk-full'"));
        for (List<String> c : cases) {
            Path file = dir.resolve("broken.yaml");
            Files.writeString(file, yaml.replace(c.get(0), c.get(1)));
            assertThatIllegalArgumentException().as(c.get(1)).isThrownBy(() -> Preset.load(file)).withMessageContaining(c.get(2));
        }
    }

    private static Published.Row row(Preset preset, int users) {
        return preset.published().rows().stream().filter(r -> r.users() == users).findFirst().orElseThrow();
    }

    @Test
    void overridesFromTheCommandLineReplaceOnlyWhatTheyName() {
        Preset preset = Preset.resolve(HOME, "default").with(new Preset.Overrides(List.of(50), null, 10, null, 3),
                Factors.cepLatency(new CepLatency.None()));

        assertThat(preset.users()).containsExactly(50);
        assertThat(preset.holdSeconds()).isEqualTo(10);
        assertThat(preset.repeat()).isEqualTo(3);
        assertThat(preset.factors().cepLatency()).isEqualTo("none");
        assertThat(preset.modes()).hasSize(2);
    }

    @Test
    void rejectsAPresetWithAnUnknownKeyOrABadValue(@TempDir Path dir) throws IOException {
        Path typo = dir.resolve("typo.yaml");
        Files.writeString(typo, Files.readString(HOME.resolve("presets/default.yaml")).replace("holdSeconds", "holdSecs"));
        Path badLatency = dir.resolve("bad.yaml");
        Files.writeString(badLatency, Files.readString(HOME.resolve("presets/default.yaml")).replace("lognormal:200:0.4", "slow"));

        Path unknown = dir.resolve("unknown.yaml");
        Files.writeString(unknown, Files.readString(HOME.resolve("presets/default.yaml")) + "colour: red\n");

        // A misspelt key leaves its field unset; an extra key is refused by name.
        assertThatIllegalArgumentException().isThrownBy(() -> Preset.load(typo)).withMessageContaining("holdSeconds");
        assertThatIllegalArgumentException().isThrownBy(() -> Preset.load(unknown)).withMessageContaining("colour");
        assertThatIllegalArgumentException().isThrownBy(() -> Preset.load(badLatency)).withMessageContaining("slow");
        assertThatIllegalArgumentException().isThrownBy(() -> Preset.resolve(HOME, "no-such-preset")).withMessageContaining("--list-presets");
    }

    @Test
    void aPresetMadeInCodeIsValidatedAsAFileIsAndChangingOneLeavesItAsItWas() {
        Preset made = Preset.builder("made").description("In code.").simulation("CreatePessoaSimulation").workload("closed").users(List.of(20, 120))
                .modes(List.of(ThreadMode.PLATFORM, ThreadMode.VIRTUAL)).holdSeconds(30).factors(Factors.builder().cepLatency("none").build()).repeat(1)
                .build();
        assertThat(made).isEqualTo(TestPreset.named("made").description("In code.").users(20, 120).seconds(0, 30, 0).build());

        Preset longer = made.toBuilder().holdSeconds(60).build();
        assertThat(longer.holdSeconds()).isEqualTo(60);
        assertThat(made.holdSeconds()).isEqualTo(30);
        assertThat(longer.toBuilder().holdSeconds(30).build()).isEqualTo(made);

        assertThatIllegalArgumentException().isThrownBy(() -> made.toBuilder().holdSeconds(0).build()).withMessageContaining("holdSeconds > 0");
        assertThatIllegalArgumentException().isThrownBy(() -> made.toBuilder().set("holdSecs", 10)).withMessageContaining("a preset has no holdSecs");
    }
}
