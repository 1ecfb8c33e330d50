package lab.vthreads.lab.stack;

import lab.vthreads.infra.cep.CepLatency;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The experiment's factors: everything a preset, a variant, a cell, the command line and one start of the stack can
 * set. Every field may be null, meaning "not said here": {@link #overriddenBy} lets a more specific set (a variant,
 * the command line) replace only what it names, and a factor still unsaid when the stack starts keeps the service's
 * own default ({@link ServiceDefaults}).
 *
 * <p>A new factor is a new component here with its builder method, and its row in {@link Factor} (key, option, route,
 * where it applies); the merge, the command-line option and, for a Spring property only the lab's services read, the
 * property are derived from those. Its line in docs/presets.md too; FactorTableTest fails until each is there. A factor
 * that reaches a process another way (a JVM flag, the launch, the load generator) also needs the code that applies it.
 *
 * @param tomcatThreads        {@code server.tomcat.threads.max} of both services
 * @param poolSize             HikariCP's maximum pool size
 * @param poolTimeoutMs        HikariCP's connectionTimeout
 * @param cepInsideTransaction look the CEPs up while holding the transaction (the pool-bottleneck anti-pattern)
 * @param concurrencyLimit     backpressure: at most this many requests in a database transaction, the rest get 503
 * @param hikariCp             a HikariCP version from pessoa-service/target/hikari/ to run instead of the jar's own
 * @param cepLatency           the CEP API's latency, as {@link CepLatency} text ({@code lognormal:200:0.4}, ...)
 * @param cepReadTimeoutMs     how long pessoa-service waits for a CEP answer before it gives up (504 cep-timeout)
 * @param client               how the load generator's users treat a 503 with Retry-After: {@code impatient} (a failure,
 *                             and the next request goes at once) or {@code patient} (retried after it, with back-off)
 * @param jvmProcessors        how many CPUs the services' JVMs believe they have (-XX:ActiveProcessorCount): the
 *                             virtual-thread scheduler's carriers, the GC, the JIT's threads; null: their limit's
 * @param jdk                  the services' JDK: a feature release ({@code 21}, {@code 25}) found among the installed
 *                             ones ({@link ServiceJdk}), or a JDK's directory; null: the lab's own
 * @param cepLock              each CEP lookup's I/O inside a lock of its own, as older clients did: {@code none},
 *                             {@code synchronized} (pins a virtual thread on JDK 21) or {@code reentrant-lock}
 * @param carriers             the virtual-thread scheduler's parallelism in both services
 *                             ({@code jdk.virtualThreadScheduler.parallelism}); null: the JVM's processors
 * @param observeThreads       the services' JFR pinning recording and, in virtual cells, the thread dumps at the busiest
 *                             second; null: on. Off only to measure what observing costs (an A/A pair)
 * @param cepMaxConnections    the CEP client's connections at most, in either implementation of the service; null: their
 *                             own (high enough that the lab's scenarios never wait for one)
 * @param launch               how the services' jars start ({@link Launch}): {@code jar}, {@code extracted} or {@code aot};
 *                             null: the lab's own services from an AOT cache, a user's application as a jar
 * @param dispatcherOnStartup  Spring MVC's DispatcherServlet made at the start ({@code spring.mvc.servlet.load-on-startup=1})
 *                             rather than by the first request, which the first requests then wait for together; null:
 *                             the service's own (Spring's: by the first request)
 * @param firstPass            what a fresh JVM is sent before its load ({@link FirstPass}): {@code none}, {@code at-once}
 *                             or {@code in-turn}; null: a user's application's scenario at once before the prewarm, nothing
 *                             before the lab's own services' prewarm, nothing before a start-up check's burst
 */
public record Factors(
        Integer tomcatThreads,
        Integer poolSize,
        Integer poolTimeoutMs,
        Boolean cepInsideTransaction,
        Integer concurrencyLimit,
        String hikariCp,
        String cepLatency,
        Integer cepReadTimeoutMs,
        String client,
        Integer jvmProcessors,
        String jdk,
        String cepLock,
        Integer carriers,
        Boolean observeThreads,
        Integer cepMaxConnections,
        String launch,
        Boolean dispatcherOnStartup,
        String firstPass) {

    // Before NONE: the builder that makes it reads them.
    private static final ComponentsByName<Factors> COMPONENTS = ComponentsByName.of(Factors.class);

    public static final List<String> CEP_LOCKS = List.of("none", "synchronized", "reentrant-lock");

    /** pessoa-service's own CEP read timeout ({@code lab.cep.read-timeout} in its application.yaml), when none is set. */
    public static final int SERVICE_CEP_READ_TIMEOUT_MS = 2000;

    /** Nothing said: every service default applies. */
    public static final Factors NONE = builder().build();

    public Factors {
        positive(tomcatThreads, "tomcatThreads");
        positive(poolSize, "poolSize");
        positive(poolTimeoutMs, "poolTimeoutMs");
        positive(cepReadTimeoutMs, "cepReadTimeoutMs");
        positive(jvmProcessors, "jvmProcessors");
        positive(carriers, "carriers");
        positive(cepMaxConnections, "cepMaxConnections");
        if (concurrencyLimit != null && concurrencyLimit == 0) {
            throw new IllegalArgumentException("concurrencyLimit must be positive, or -1 for no limit");
        }
        if (cepLatency != null) {
            CepLatency.parse(cepLatency);
        }
        if (client != null && !client.equals("impatient") && !client.equals("patient")) {
            throw new IllegalArgumentException("client must be impatient or patient, not " + client);
        }
        if (cepLock != null && !CEP_LOCKS.contains(cepLock)) {
            throw new IllegalArgumentException("cepLock must be one of " + String.join(", ", CEP_LOCKS) + ", not " + cepLock);
        }
        if (launch != null) Launch.parse(launch);
        if (firstPass != null) FirstPass.parse(firstPass);
        if (jdk != null && jdk.isBlank()) {
            throw new IllegalArgumentException("jdk must be a feature release (21, 25) or a JDK's directory, not blank");
        }
    }

    /** The CEP read timeout pessoa-service runs with under these factors. */
    public int effectiveCepReadTimeoutMs() {
        return cepReadTimeoutMs != null ? cepReadTimeoutMs : SERVICE_CEP_READ_TIMEOUT_MS;
    }

    /** These factors, with every one that {@code more} names replaced by its value. */
    public Factors overriddenBy(Factors more) {
        if (more == null) return this;
        Map<String, Object> merged = COMPONENTS.values(this);
        COMPONENTS.values(more).forEach((name, value) -> {
            if (value != null) merged.put(name, value);
        });
        return COMPONENTS.make(merged);
    }

    public static Factors tomcatThreads(int threads) {
        return builder().tomcatThreads(threads).build();
    }

    public static Factors cepLatency(CepLatency latency) {
        return builder().cepLatency(latency.text()).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Factors by name, for code and tests: {@code Factors.builder().poolSize(10).cepInsideTransaction(true).build()}. */
    public static final class Builder {
        private final Map<String, Object> values = new HashMap<>();

        public Builder tomcatThreads(Integer v) { return set("tomcatThreads", v); }
        public Builder poolSize(Integer v) { return set("poolSize", v); }
        public Builder poolTimeoutMs(Integer v) { return set("poolTimeoutMs", v); }
        public Builder cepInsideTransaction(Boolean v) { return set("cepInsideTransaction", v); }
        public Builder concurrencyLimit(Integer v) { return set("concurrencyLimit", v); }
        public Builder hikariCp(String v) { return set("hikariCp", v); }
        public Builder cepLatency(String v) { return set("cepLatency", v); }
        public Builder cepReadTimeoutMs(Integer v) { return set("cepReadTimeoutMs", v); }
        public Builder client(String v) { return set("client", v); }
        public Builder jvmProcessors(Integer v) { return set("jvmProcessors", v); }
        public Builder jdk(String v) { return set("jdk", v); }
        public Builder cepLock(String v) { return set("cepLock", v); }
        public Builder carriers(Integer v) { return set("carriers", v); }
        public Builder observeThreads(Boolean v) { return set("observeThreads", v); }
        public Builder cepMaxConnections(Integer v) { return set("cepMaxConnections", v); }
        public Builder launch(String v) { return set("launch", v); }
        public Builder dispatcherOnStartup(Boolean v) { return set("dispatcherOnStartup", v); }
        public Builder firstPass(String v) { return set("firstPass", v); }

        /** A factor by its key ({@link Factor#key()}), as the command line's options give them. */
        public Builder set(String key, Object value) {
            if (!COMPONENTS.has(key)) throw new IllegalArgumentException("no factor " + key);
            values.put(key, value);
            return this;
        }

        public Factors build() {
            return COMPONENTS.make(values);
        }
    }

    /** The CEP latency, or none when unsaid. */
    public CepLatency latency() {
        return cepLatency != null ? CepLatency.parse(cepLatency) : new CepLatency.None();
    }

    /** The Tomcat threads the services really run with: the factor, or Spring's default. */
    public int effectiveTomcatThreads() {
        return tomcatThreads != null ? tomcatThreads : ServiceDefaults.TOMCAT_THREADS;
    }

    public int effectivePoolSize() {
        return poolSize != null ? poolSize : ServiceDefaults.POOL_SIZE;
    }

    public int effectivePoolTimeoutMs() {
        return poolTimeoutMs != null ? poolTimeoutMs : ServiceDefaults.POOL_TIMEOUT_MS;
    }

    public boolean observesThreads() {
        return !Boolean.FALSE.equals(observeThreads);
    }

    public boolean lookupsInsideTransaction() {
        return Boolean.TRUE.equals(cepInsideTransaction);
    }

    /** The concurrency limit, or null when there is none (unsaid, or -1 as the service spells "no limit"). */
    public Integer effectiveConcurrencyLimit() {
        return concurrencyLimit != null && concurrencyLimit > 0 ? concurrencyLimit : null;
    }

    private static void positive(Integer value, String name) {
        if (value != null && value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + value);
        }
    }
}
