package lab.vthreads.lab.plan;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A preset for a test, by name: the YAML a user would write, parsed by {@link Preset#parse} so that its validation runs
 * too. It starts as one closed cell of a few seconds per mode, without latency, prewarm or repeat; each test says what it
 * changes, and only that.
 */
public final class TestPreset {

    private final Map<String, String> keys = new LinkedHashMap<>();
    private final StringBuilder blocks = new StringBuilder();

    private TestPreset(String name) {
        keys.put("name", name);
        keys.put("description", "A test.");
        keys.put("simulation", "CreatePessoaSimulation");
        keys.put("workload", "closed");
        keys.put("users", "[4]");
        keys.put("modes", "[platform, virtual]");
        keys.put("rampUpSeconds", "1");
        keys.put("holdSeconds", "4");
        keys.put("rampDownSeconds", "0");
        keys.put("warmupSeconds", "0");
        keys.put("cepLatency", "none");
        keys.put("repeat", "1");
    }

    public static TestPreset named(String name) {
        return new TestPreset(name);
    }

    public TestPreset description(String text) {
        return set("description", text);
    }

    public TestPreset simulation(String simulation) {
        return set("simulation", simulation);
    }

    public TestPreset users(int... users) {
        return set("users", Arrays.stream(users).mapToObj(Integer::toString).collect(Collectors.joining(", ", "[", "]")));
    }

    public TestPreset modes(String... modes) {
        return set("modes", "[" + String.join(", ", modes) + "]");
    }

    /** Ramp up, hold and warm-up, in seconds (no ramp down). */
    public TestPreset seconds(int rampUp, int hold, int warmup) {
        set("rampUpSeconds", Integer.toString(rampUp));
        set("holdSeconds", Integer.toString(hold));
        return set("warmupSeconds", Integer.toString(warmup));
    }

    public TestPreset cepLatency(String latency) {
        return set("cepLatency", latency);
    }

    /** The A/A copy of {@code mode} at the highest level. */
    public TestPreset aaControl(String mode) {
        set("aaControl", mode);
        return set("aaControlUsers", "highest");
    }

    /** Any other key, as its YAML value: {@code set("tomcatThreads", 10)}. */
    public TestPreset set(String key, Object value) {
        keys.put(key, value.toString());
        return this;
    }

    /** A list the preset holds ({@code variants}, {@code faults}), one flow-style entry per item. */
    public TestPreset list(String key, String... items) {
        blocks.append(key).append(":\n");
        for (String item : items) blocks.append("  - ").append(item).append('\n');
        return this;
    }

    public String yaml() {
        StringBuilder yaml = new StringBuilder();
        keys.forEach((key, value) -> yaml.append(key).append(": ").append(value).append('\n'));
        return yaml.append(blocks).toString();
    }

    public Preset build() {
        return Preset.parse(yaml());
    }
}
