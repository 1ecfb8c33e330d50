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
import java.util.stream.Stream;

/**
 * An experiment as a small YAML file in {@code presets/}: the cells are {@code modes × users}, all sharing the other
 * factors. Copy one, edit it, and run it with {@code ./lab run --preset path/to/file.yaml}.
 *
 * @param why            shown in the report: why these settings make the effect visible (or not) on this machine
 * @param warmupSeconds  load before each measured run, not measured, so the JIT has compiled the hot path
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
        Durations shortVariant) {

    /** Scaled-down durations for {@code --short}; the report says when they were used. */
    public record Durations(int rampUpSeconds, int holdSeconds, int rampDownSeconds, int warmupSeconds) {
    }

    /** This preset with {@code --short}'s durations, or unchanged if it has no short variant. */
    public Preset shortened() {
        if (shortVariant == null) return this;
        return new Preset(name, description, why, simulation, workload, users, modes, shortVariant.rampUpSeconds(), shortVariant.holdSeconds(),
                shortVariant.rampDownSeconds(), shortVariant.warmupSeconds(), cepLatency, tomcatThreads, poolSize, poolTimeoutMs,
                cepInsideTransaction, repeat, null);
    }

    /** Command-line overrides; a null argument keeps the preset's value. */
    public Preset with(List<Integer> users, List<ThreadMode> modes, Integer hold, Integer warmup, Integer repeat, Integer tomcatThreads,
                       Integer poolSize, String cepLatency) {
        return new Preset(name, description, why, simulation, workload, users != null ? users : this.users, modes != null ? modes : this.modes,
                rampUpSeconds, hold != null ? hold : holdSeconds, rampDownSeconds, warmup != null ? warmup : warmupSeconds,
                cepLatency != null ? cepLatency : this.cepLatency, tomcatThreads != null ? tomcatThreads : this.tomcatThreads,
                poolSize != null ? poolSize : this.poolSize, poolTimeoutMs, cepInsideTransaction, repeat != null ? repeat : this.repeat, shortVariant);
    }

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public Preset {
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
