package lab.vthreads.lab.plan;

import lab.vthreads.lab.micro.ExecutorMicro;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.lab.faults.Fault;
import lab.vthreads.lab.stack.ComponentsByName;
import lab.vthreads.lab.stack.Factor;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ResourceLimit;
import lab.vthreads.lab.stack.SystemUnderTest;
import lab.vthreads.lab.stack.ThreadMode;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * An experiment as a small YAML file in {@code presets/}: the cells are {@code users × variants × modes}, sharing the
 * preset's factors unless a variant overrides them. Copy one, edit it, and run it with
 * {@code ./lab run --preset path/to/file.yaml}.
 *
 * @param why            shown in the report: why these settings make the effect visible (or not) on this machine
 * @param warmupSeconds  load before each measured run, not measured, so the JIT has compiled the hot path
 * @param factors        the factors every cell shares (written flat in the YAML: {@code tomcatThreads: 25}, ...)
 * @param variants       optional: named sets of factor overrides (pool size, backpressure, ...); none means one
 * @param limits         optional: per-component resource limits (component → CPUS[:MEMORY[:CPU_LIST]]), as compose's
 * @param published      optional: the published experiment this preset reproduces, for the report's comparison
 * @param aaControl      optional: a mode to run twice, as a second cell beside the first, for the A/A spread
 * @param aaControlUsers optional: which user levels get the A/A copy: {@code highest} (the one level where the
 *                       thread models part, and on a warm stack one extra window instead of one per level), or null
 *                       for every level
 * @param targetLatencyMs optional: the latency a request should meet, for the concurrency limit the report recommends
 * @param executorMicro  optional: makes this preset the ExecutorService micro-benchmark instead of a load experiment
 * @param faults         optional: faults injected at set seconds of every cell's hold window, in time order (the
 *                       {@code faults} preset); the report then shows the timeline and the nothing-lost figures
 * @param prewarmSeconds optional: before each measured run, load the fresh services until their JIT has settled, for
 *                       at most this long (see {@link Prewarm}); null or 0: no prewarm, only {@code warmupSeconds}
 * @param startupChecks  optional: before anything else, start each kind of service JVM with virtual threads this many
 *                       times, fresh, and send each a burst of the flows at once while cold, to count the starts that
 *                       hang (the platform kinds, their control, as often once one hung); null or 0: none
 */
public record Preset(
        String name,
        String description,
        String why,
        String simulation,
        String workload,
        List<Integer> users,
        List<ThreadMode> modes,
        int rampUpSeconds,
        int holdSeconds,
        int rampDownSeconds,
        int warmupSeconds,
        @JsonUnwrapped Factors factors,
        int repeat,
        Durations shortVariant,
        List<Variant> variants,
        Map<String, String> limits,
        Published published,
        ExecutorMicro.Settings executorMicro,
        ThreadMode aaControl,
        AaLevels aaControlUsers,
        Integer targetLatencyMs,
        List<Fault> faults,
        Integer prewarmSeconds,
        Integer startupChecks) {

    /**
     * Factor overrides for some cells: a factor the variant does not name keeps the preset's value.
     *
     * @param modes optional: the modes this variant runs in, instead of the preset's
     */
    public record Variant(String name, List<ThreadMode> modes, @JsonUnwrapped Factors factors) {

        public Variant {
            factors = factors != null ? factors : Factors.NONE;
        }
    }

    /** Which user levels the A/A control copies. */
    public enum AaLevels {
        @com.fasterxml.jackson.annotation.JsonProperty("every") EVERY,
        @com.fasterxml.jackson.annotation.JsonProperty("highest") HIGHEST
    }

    /** Scaled-down durations for {@code --short}; the report says when they were used. */
    public record Durations(int rampUpSeconds, int holdSeconds, int rampDownSeconds, int warmupSeconds) {
    }

    /**
     * What the command line may change besides the factors; a null field keeps the preset's value.
     *
     * @param variants the preset's variants to run, by name (null: all): one level run again without the whole preset
     */
    public record Overrides(List<Integer> users, List<ThreadMode> modes, Integer holdSeconds, Integer warmupSeconds, Integer repeat,
                            ThreadMode aaControl, Integer prewarmSeconds, List<String> variants, Integer startupChecks) {

        public Overrides(List<Integer> users, List<ThreadMode> modes, Integer holdSeconds, Integer warmupSeconds, Integer repeat) {
            this(users, modes, holdSeconds, warmupSeconds, repeat, null, null, null, null);
        }
    }

    private static final Factors LOOKUPS_OUTSIDE = Factors.builder().cepInsideTransaction(false).build();
    private static final YAMLMapper YAML = YAMLMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    private static final ComponentsByName<Preset> COMPONENTS = ComponentsByName.of(Preset.class);

    public Preset {
        // A preset says where the lookups happen, so every cell (and results.json) states it.
        factors = LOOKUPS_OUTSIDE.overriddenBy(factors);
        variants = variants != null ? List.copyOf(variants) : List.of();
        faults = faults != null ? List.copyOf(faults) : List.of();
        prewarmSeconds = prewarmSeconds != null ? prewarmSeconds : 0;
        if (prewarmSeconds < 0) throw new IllegalArgumentException("preset " + name + ": prewarmSeconds >= 0");
        startupChecks = startupChecks != null ? startupChecks : 0;
        if (startupChecks < 0) throw new IllegalArgumentException("preset " + name + ": startupChecks >= 0");
        if (executorMicro == null) {
            validateLoadExperiment(name, users, modes, rampUpSeconds, holdSeconds, rampDownSeconds, warmupSeconds, repeat, workload, factors,
                    variants, limits);
            Fault.validate(faults, holdSeconds, name);
        }
    }

    // A compact constructor assigns the fields at its end: the checks get the values as arguments.
    private static void validateLoadExperiment(String name, List<Integer> users, List<ThreadMode> modes, int rampUpSeconds, int holdSeconds,
                                               int rampDownSeconds, int warmupSeconds, int repeat, String workload, Factors factors,
                                               List<Variant> variants, Map<String, String> limits) {
        if (users == null || users.isEmpty() || modes == null || modes.isEmpty()) {
            throw new IllegalArgumentException("preset " + name + ": users and modes must not be empty");
        }
        if (holdSeconds <= 0 || rampUpSeconds < 0 || rampDownSeconds < 0 || warmupSeconds < 0 || repeat < 1) {
            throw new IllegalArgumentException("preset " + name + ": holdSeconds > 0, ramps and warmupSeconds >= 0, repeat >= 1");
        }
        if (!"closed".equals(workload)) {
            throw new IllegalArgumentException("preset " + name + ": only the closed workload is supported by ./lab run so far");
        }
        if (factors.cepLatency() == null) {
            throw new IllegalArgumentException("preset " + name + ": cepLatency is required (" + CepLatency.DEFAULT.text() + ", none, ...)");
        }
        if (variants.stream().map(Variant::name).distinct().count() != variants.size()
                || variants.stream().anyMatch(v -> v.name() == null || !v.name().matches("[a-z0-9][a-z0-9.-]*"))) {
            throw new IllegalArgumentException("preset " + name + ": every variant needs a unique name of a-z, 0-9, '.' and '-'");
        }
        ResourceLimit.parseAll(limits);
        for (Variant v : variants.isEmpty() ? Collections.<Variant>singletonList(null) : variants) {
            List<ThreadMode> cellModes = v != null && v.modes() != null ? v.modes() : modes;
            Factors cellFactors = factors.overriddenBy(v != null ? v.factors() : null);
            for (ThreadMode mode : cellModes) {
                // A preset runs the lab's own services: each mode's system says which switches it has.
                SystemUnderTest system = SystemUnderTest.of(mode, null);
                List<Factor> lacking = system.lacking(cellFactors);
                if (!lacking.isEmpty()) {
                    throw new IllegalArgumentException("preset " + name + (v != null ? ", variant " + v.name() : "") + ": " + lacking.getFirst().key()
                            + " is a setting of the blocking pessoa-service, which " + system.name() + " does not have; "
                            + "leave the " + mode.label() + " mode out of this " + (v != null ? "variant's modes, or choose the variants without it (--variants)" : "preset's modes"));
                }
            }
        }
    }

    /** This preset with {@code --short}'s durations, or unchanged if it has no short variant. */
    public Preset shortened() {
        if (shortVariant == null && executorMicro == null) return this;
        Durations d = shortVariant != null ? shortVariant : new Durations(rampUpSeconds, holdSeconds, rampDownSeconds, warmupSeconds);
        return toBuilder().rampUpSeconds(d.rampUpSeconds()).holdSeconds(d.holdSeconds()).rampDownSeconds(d.rampDownSeconds())
                .warmupSeconds(d.warmupSeconds()).shortVariant(null).executorMicro(executorMicro != null ? executorMicro.shortened() : null).build();
    }

    /** Command-line overrides: what they name replaces the preset's, factors included. */
    public Preset with(Overrides o, Factors overrides) {
        return toBuilder().users(pick(o.users(), users)).modes(pick(o.modes(), modes)).holdSeconds(pick(o.holdSeconds(), holdSeconds))
                .warmupSeconds(pick(o.warmupSeconds(), warmupSeconds)).factors(factors.overriddenBy(overrides)).repeat(pick(o.repeat(), repeat))
                .variants(chosen(o.variants())).aaControl(pick(o.aaControl(), aaControl)).prewarmSeconds(pick(o.prewarmSeconds(), prewarmSeconds))
                .startupChecks(pick(o.startupChecks(), startupChecks)).build();
    }

    private List<Variant> chosen(List<String> names) {
        if (names == null) return variants;
        List<String> known = variants.stream().map(Variant::name).toList();
        List<String> unknown = names.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("preset " + name + " has no variant " + String.join(", ", unknown)
                    + (known.isEmpty() ? "; it has no variants" : "; its variants: " + String.join(", ", known)));
        }
        return variants.stream().filter(v -> names.contains(v.name())).toList();
    }

    /** The same experiment with other users and these factors on top (the machine-scaled variant, see ScaledScenario). */
    public Preset withUsers(List<Integer> users, Factors overrides) {
        return with(new Overrides(users, null, null, null, null), overrides);
    }

    /**
     * Whether its simulation checks that every 201 is one stored row (pessoa-service's count endpoint): not a user's
     * scenario, whose application the lab knows no count of.
     */
    public boolean checksStoredRows() {
        return !"ScenarioSimulation".equals(simulation);
    }

    public boolean hasFaults() {
        return !faults.isEmpty();
    }

    public boolean isMicroBenchmark() {
        return executorMicro != null;
    }

    /**
     * Every cell, in the preset's order: users, then variant, then mode; the A/A replica right after the cell it
     * repeats. The order they run in is {@link StackPlan}'s.
     */
    public List<Cell> cells() {
        List<Cell> cells = new ArrayList<>();
        List<Variant> all = variants.isEmpty() ? Collections.singletonList(null) : variants;
        int highest = users == null || users.isEmpty() ? 0 : Collections.max(users);
        for (int u : users) {
            for (Variant v : all) {
                Factors cellFactors = factors.overriddenBy(v != null ? v.factors() : null);
                for (ThreadMode mode : v != null && v.modes() != null ? v.modes() : modes) {
                    cells.add(new Cell(v != null ? v.name() : null, mode, u, cellFactors));
                    if (mode == aaControl && (aaControlUsers != AaLevels.HIGHEST || u == highest)) cells.add(new Cell(v != null ? v.name() : null, mode, u, cellFactors, true));
                }
            }
        }
        return cells;
    }

    public CepLatency latency() {
        return factors.latency();
    }

    public int measuredSeconds() {
        return rampUpSeconds + holdSeconds + rampDownSeconds;
    }

    /** A preset made in code, named {@code name}; what is not set is null (or 0), as in a YAML file that leaves it out. */
    public static Builder builder(String name) {
        return new Builder().set("name", name);
    }

    /** This preset's settings, to change some of them: the preset itself stays as it is. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.values.putAll(COMPONENTS.values(this));
        return builder;
    }

    /**
     * A preset's settings by name, each with its default where not set, validated as a YAML file's are when built. The
     * named setters are the ones code changes; {@link #set} takes any other by its YAML key.
     */
    public static final class Builder {
        private final Map<String, Object> values = new java.util.HashMap<>();

        public Builder description(String v) { return set("description", v); }
        public Builder why(String v) { return set("why", v); }
        public Builder simulation(String v) { return set("simulation", v); }
        public Builder workload(String v) { return set("workload", v); }
        public Builder users(List<Integer> v) { return set("users", v); }
        public Builder modes(List<ThreadMode> v) { return set("modes", v); }
        public Builder rampUpSeconds(int v) { return set("rampUpSeconds", v); }
        public Builder holdSeconds(int v) { return set("holdSeconds", v); }
        public Builder rampDownSeconds(int v) { return set("rampDownSeconds", v); }
        public Builder warmupSeconds(int v) { return set("warmupSeconds", v); }
        public Builder factors(Factors v) { return set("factors", v); }
        public Builder repeat(int v) { return set("repeat", v); }
        public Builder shortVariant(Durations v) { return set("shortVariant", v); }
        public Builder variants(List<Variant> v) { return set("variants", v); }
        public Builder published(Published v) { return set("published", v); }
        public Builder executorMicro(ExecutorMicro.Settings v) { return set("executorMicro", v); }
        public Builder aaControl(ThreadMode v) { return set("aaControl", v); }
        public Builder prewarmSeconds(Integer v) { return set("prewarmSeconds", v); }
        public Builder startupChecks(Integer v) { return set("startupChecks", v); }

        /** Any setting by its name in the YAML ({@code targetLatencyMs}, {@code limits}, ...). */
        public Builder set(String component, Object value) {
            if (!COMPONENTS.has(component)) throw new IllegalArgumentException("a preset has no " + component);
            values.put(component, value);
            return this;
        }

        public Preset build() {
            return COMPONENTS.make(values);
        }
    }

    public static Preset load(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("Cannot read preset " + file + ": " + e.getMessage(), e);
        }
    }

    /** A preset from its YAML text, as in presets/. */
    public static Preset parse(String yaml) {
        return YAML.readValue(yaml, Preset.class);
    }

    /** A name from presets/ ("default" → presets/default.yaml) or a path to a YAML file. */
    public static Preset resolve(Path home, String nameOrPath) {
        Path direct = Path.of(nameOrPath);
        Path file = Files.isRegularFile(direct) ? direct : home.resolve("presets").resolve(nameOrPath + ".yaml");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("No preset '" + nameOrPath + "': expected " + file + " (./lab run --list-presets lists them)");
        }
        return load(file);
    }

    public static List<Preset> all(Path home) {
        try (Stream<Path> files = Files.list(home.resolve("presets"))) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().map(Preset::load).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T pick(T override, T base) {
        return override != null ? override : base;
    }
}
