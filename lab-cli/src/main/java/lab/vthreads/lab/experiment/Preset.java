package lab.vthreads.lab.experiment;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.lab.stack.ThreadMode;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * @param variants       optional: named sets of factor overrides (pool size, backpressure, ...); none means one
 * @param limits         optional: per-component resource limits (component → CPUS[:MEMORY[:CPU_LIST]]), as compose's
 * @param published      optional: the published experiment this preset reproduces, for the report's comparison
 * @param executorMicro  optional: makes this preset the ExecutorService micro-benchmark instead of a load experiment
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
        String cepLatency,
        Integer tomcatThreads,
        Integer poolSize,
        Integer poolTimeoutMs,
        boolean cepInsideTransaction,
        int repeat,
        Durations shortVariant,
        List<Variant> variants,
        Map<String, String> limits,
        Published published,
        ExecutorMicro.Settings executorMicro) {

    /**
     * Factor overrides for some cells; a null field keeps the preset's value.
     *
     * @param concurrencyLimit the backpressure setting (lab.database.concurrency-limit)
     * @param hikariCp         a HikariCP version from pessoa-service/target/hikari/
     */
    public record Variant(String name, List<ThreadMode> modes, Integer tomcatThreads, Integer poolSize, Integer poolTimeoutMs,
                          Boolean cepInsideTransaction, Integer concurrencyLimit, String hikariCp) {
    }

    /** Scaled-down durations for {@code --short}; the report says when they were used. */
    public record Durations(int rampUpSeconds, int holdSeconds, int rampDownSeconds, int warmupSeconds) {
    }

    /** This preset with {@code --short}'s durations, or unchanged if it has no short variant. */
    public Preset shortened() {
        if (shortVariant == null && executorMicro == null) return this;
        Durations d = shortVariant != null ? shortVariant : new Durations(rampUpSeconds, holdSeconds, rampDownSeconds, warmupSeconds);
        return new Preset(name, description, why, simulation, workload, users, modes, d.rampUpSeconds(), d.holdSeconds(),
                d.rampDownSeconds(), d.warmupSeconds(), cepLatency, tomcatThreads, poolSize, poolTimeoutMs,
                cepInsideTransaction, repeat, null, variants, limits, published,
                executorMicro != null ? executorMicro.shortened() : null);
    }

    /** Command-line overrides; a null argument keeps the preset's value. */
    public Preset with(List<Integer> users, List<ThreadMode> modes, Integer hold, Integer warmup, Integer repeat, Integer tomcatThreads,
                       Integer poolSize, String cepLatency) {
        return new Preset(name, description, why, simulation, workload, users != null ? users : this.users, modes != null ? modes : this.modes,
                rampUpSeconds, hold != null ? hold : holdSeconds, rampDownSeconds, warmup != null ? warmup : warmupSeconds,
                cepLatency != null ? cepLatency : this.cepLatency, tomcatThreads != null ? tomcatThreads : this.tomcatThreads,
                poolSize != null ? poolSize : this.poolSize, poolTimeoutMs, cepInsideTransaction, repeat != null ? repeat : this.repeat, shortVariant,
                variants, limits, published, executorMicro);
    }

    /** The same experiment with other Tomcat threads and users (the machine-scaled variant, see ScaledScenario). */
    public Preset withThreadsAndUsers(int tomcatThreads, List<Integer> users) {
        return new Preset(name, description, why, simulation, workload, users, modes, rampUpSeconds, holdSeconds, rampDownSeconds,
                warmupSeconds, cepLatency, tomcatThreads, poolSize, poolTimeoutMs, cepInsideTransaction, repeat, shortVariant, variants,
                limits, published, executorMicro);
    }

    public boolean isMicroBenchmark() {
        return executorMicro != null;
    }

    /** Every cell, in run order: users, then variant, then mode. */
    public List<Cell> cells() {
        List<Cell> cells = new java.util.ArrayList<>();
        List<Variant> all = variants == null || variants.isEmpty() ? java.util.Collections.singletonList(null) : variants;
        for (int u : users) {
            for (Variant v : all) {
                for (ThreadMode mode : v != null && v.modes() != null ? v.modes() : modes) {
                    cells.add(new Cell(v != null ? v.name() : null, mode, u,
                            v != null && v.tomcatThreads() != null ? v.tomcatThreads() : tomcatThreads,
                            v != null && v.poolSize() != null ? v.poolSize() : poolSize,
                            v != null && v.poolTimeoutMs() != null ? v.poolTimeoutMs() : poolTimeoutMs,
                            v != null && v.cepInsideTransaction() != null ? v.cepInsideTransaction() : cepInsideTransaction,
                            v != null ? v.concurrencyLimit() : null,
                            v != null ? v.hikariCp() : null));
                }
            }
        }
        return cells;
    }

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public Preset {
        if (executorMicro == null) {
            validateLoadExperiment(name, users, modes, rampUpSeconds, holdSeconds, rampDownSeconds, warmupSeconds, repeat, workload, cepLatency,
                    variants, limits);
        }
    }

    private static void validateLoadExperiment(String name, List<Integer> users, List<ThreadMode> modes, int rampUpSeconds, int holdSeconds,
                                               int rampDownSeconds, int warmupSeconds, int repeat, String workload, String cepLatency,
                                               List<Variant> variants, Map<String, String> limits) {
        if (users == null || users.isEmpty() || modes == null || modes.isEmpty()) {
            throw new IllegalArgumentException("preset " + name + ": users and modes must not be empty");
        }
        if (holdSeconds <= 0 || rampUpSeconds < 0 || rampDownSeconds < 0 || warmupSeconds < 0 || repeat < 1) {
            throw new IllegalArgumentException("preset " + name + ": hold > 0, ramps and warm-up >= 0, repeat >= 1");
        }
        if (!"closed".equals(workload)) {
            throw new IllegalArgumentException("preset " + name + ": only the closed workload is supported by ./lab run so far");
        }
        CepLatency.parse(cepLatency);
        if (variants != null) {
            if (variants.stream().map(Variant::name).distinct().count() != variants.size() || variants.stream().anyMatch(v -> v.name() == null
                    || !v.name().matches("[a-z0-9][a-z0-9.-]*"))) {
                throw new IllegalArgumentException("preset " + name + ": every variant needs a unique name of a-z, 0-9, '.' and '-'");
            }
        }
        if (limits != null) {
            limits.keySet().forEach(lab.vthreads.lab.stack.StackSettings.Component::of);
            limits.values().forEach(lab.vthreads.lab.stack.ResourceLimit::parse);
        }
    }

    public CepLatency latency() {
        return CepLatency.parse(cepLatency);
    }

    public static Preset load(Path file) {
        try {
            return YAML.readValue(file.toFile(), Preset.class);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Cannot read preset " + file + ": " + e.getMessage(), e);
        }
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

    public int measuredSeconds() {
        return rampUpSeconds + holdSeconds + rampDownSeconds;
    }
}
