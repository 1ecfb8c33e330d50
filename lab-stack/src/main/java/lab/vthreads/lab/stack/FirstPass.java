package lab.vthreads.lab.stack;

import java.util.Arrays;
import java.util.List;

/**
 * What a fresh JVM is sent before its load (the {@code firstPass} factor): each of the scenario's flows once, or
 * nothing. On a user's application that pass is also the check of the scenario against it. Whether a cold
 * virtual-thread JVM deadlocks in class loading depends on how many first requests reach it at once, so how the pass
 * sends them is a switch whose effect the start-up check counts: a start-up check's variant with the pass gets it
 * before its burst.
 */
public enum FirstPass {

    /** Nothing: the first traffic is the load itself (the prewarm, or the start-up check's burst), as a pod's is. */
    NONE("none"),
    /** Each flow once, one user each, all at once: a few first requests together. A user's application's default. */
    AT_ONCE("at-once"),
    /** Each flow once, by one user, one flow after the other: one first request at a time. */
    IN_TURN("in-turn");

    private final String key;

    FirstPass(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** Whether it sends anything. */
    public boolean sends() {
        return this != NONE;
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(FirstPass::key).toList();
    }

    /** @throws IllegalArgumentException naming them all where {@code key} is none of them */
    public static FirstPass parse(String key) {
        return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("firstPass must be one of " + String.join(", ", keys()) + ", not " + key));
    }

    /**
     * Before a pair of JVMs' prewarm and cells.
     *
     * @param asked  the factor's value, or null for the system's own ({@link SystemUnderTest#firstPass()})
     */
    static FirstPass beforeLoad(String asked, SystemUnderTest system) {
        return asked != null ? parse(asked) : system.firstPass();
    }

    /**
     * Before a start-up check's burst: what the factor asks, else nothing, so that by default the burst is a fresh
     * JVM's first traffic, as a pod's first users are.
     */
    public static FirstPass beforeBurst(Factors factors) {
        return factors.firstPass() != null ? parse(factors.firstPass()) : NONE;
    }
}
