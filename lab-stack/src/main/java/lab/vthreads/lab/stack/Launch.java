package lab.vthreads.lab.stack;

import java.util.Arrays;
import java.util.List;

/**
 * How a service's Spring Boot jar starts (the {@code launch} factor). The three load the same classes from different
 * places, and that can decide whether a cold virtual-thread JVM deadlocks: run as a jar, its classes come through
 * Spring Boot's nested-jar loader, whose {@code NestedJarFile} methods are {@code synchronized}, and a virtual thread
 * the JVM calls into it to load a class is pinned while it waits for that lock (spring-boot issue 51463). Extracted,
 * the same classes come from plain jars on the class path, through the JDK's own loader. From an AOT cache (JEP 483),
 * those the training loaded are there, loaded and linked, before the first request: the start-up's classes from a cache
 * trained on the start-up, the requests' too from one trained on traffic.
 */
public enum Launch {

    /** {@code java -jar app.jar}: Spring Boot's nested-jar loader. A user's application's default. */
    JAR("jar"),
    /** {@code java -Djarmode=tools -jar app.jar extract}, once per build, then {@code java -jar} the extracted jar. */
    EXTRACTED("extracted"),
    /**
     * The extracted jar with an AOT cache trained on the start-up ({@code spring.context.exit=onRefresh}), as Spring
     * Boot documents it. The lab's own services' default; on a JDK other than the lab's (which has to make the cache,
     * and JDK 21 cannot), the jar.
     */
    AOT("aot"),
    /**
     * The extracted jar with an AOT cache trained on the run's own traffic: started with the cache's output, sent the
     * run's flows for a bounded time, then stopped, which writes the cache with the classes the requests loaded and
     * linked and, on JDK 25 (JEP 515), the profiles of the methods they ran, so that the JIT can compile them from the
     * first request. Made once per build and training (ExperimentRunner's); where there is no traffic to train on
     * ({@code ./lab up}) or the training fails, the start-up's cache, as {@link #AOT}.
     */
    AOT_TRAFFIC("aot-traffic");

    private final String key;

    Launch(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(Launch::key).toList();
    }

    /** @throws IllegalArgumentException naming them all where {@code key} is none of them */
    public static Launch parse(String key) {
        return Arrays.stream(values()).filter(l -> l.key.equals(key)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("launch must be one of " + String.join(", ", keys()) + ", not " + key));
    }

    /**
     * @param asked   the factor's value, or null for the service's default
     * @param labsOwn the lab's own services, whose start-up it knows and trains a cache on; a user's jar runs as it is
     */
    static Launch of(String asked, boolean labsOwn) {
        if (asked != null) return parse(asked);
        return labsOwn ? AOT : JAR;
    }
}
