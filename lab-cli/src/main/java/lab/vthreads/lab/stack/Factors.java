package lab.vthreads.lab.stack;

import lab.vthreads.infra.cep.CepLatency;

import java.util.List;

/**
 * The experiment's factors: everything a preset, a variant, a cell, the command line and one start of the stack can
 * set. Every field may be null, meaning "not said here": {@link #overriddenBy} lets a more specific set (a variant,
 * the command line) replace only what it names, and a factor still unsaid when the stack starts keeps the service's
 * own default ({@link ServiceDefaults}).
 *
 * <p>A new factor is a new component here (with its line in {@link #overriddenBy} and its builder method), its row in
 * {@link Factor} (key, option, route, where it applies), its option in FactorOptions, the place that applies it
 * ({@link SpringProperties} for the services, the load generator's properties for the client side) and its line in
 * docs/presets.md; FactorTableTest fails until each is there.
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
        Boolean observeThreads) {

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
        return new Factors(
                pick(more.tomcatThreads, tomcatThreads),
                pick(more.poolSize, poolSize),
                pick(more.poolTimeoutMs, poolTimeoutMs),
                pick(more.cepInsideTransaction, cepInsideTransaction),
                pick(more.concurrencyLimit, concurrencyLimit),
                pick(more.hikariCp, hikariCp),
                pick(more.cepLatency, cepLatency),
                pick(more.cepReadTimeoutMs, cepReadTimeoutMs),
                pick(more.client, client),
                pick(more.jvmProcessors, jvmProcessors),
                pick(more.jdk, jdk),
                pick(more.cepLock, cepLock),
                pick(more.carriers, carriers),
                pick(more.observeThreads, observeThreads));
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
        private Integer tomcatThreads, poolSize, poolTimeoutMs, concurrencyLimit, cepReadTimeoutMs, jvmProcessors, carriers;
        private Boolean cepInsideTransaction, observeThreads;
        private String hikariCp, cepLatency, client, jdk, cepLock;

        public Builder tomcatThreads(Integer v) { tomcatThreads = v; return this; }
        public Builder poolSize(Integer v) { poolSize = v; return this; }
        public Builder poolTimeoutMs(Integer v) { poolTimeoutMs = v; return this; }
        public Builder cepInsideTransaction(Boolean v) { cepInsideTransaction = v; return this; }
        public Builder concurrencyLimit(Integer v) { concurrencyLimit = v; return this; }
        public Builder hikariCp(String v) { hikariCp = v; return this; }
        public Builder cepLatency(String v) { cepLatency = v; return this; }
        public Builder cepReadTimeoutMs(Integer v) { cepReadTimeoutMs = v; return this; }
        public Builder client(String v) { client = v; return this; }
        public Builder jvmProcessors(Integer v) { jvmProcessors = v; return this; }
        public Builder jdk(String v) { jdk = v; return this; }
        public Builder cepLock(String v) { cepLock = v; return this; }
        public Builder carriers(Integer v) { carriers = v; return this; }
        public Builder observeThreads(Boolean v) { observeThreads = v; return this; }

        public Factors build() {
            return new Factors(tomcatThreads, poolSize, poolTimeoutMs, cepInsideTransaction, concurrencyLimit, hikariCp, cepLatency, cepReadTimeoutMs,
                    client, jvmProcessors, jdk, cepLock, carriers, observeThreads);
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

    private static <T> T pick(T override, T base) {
        return override != null ? override : base;
    }

    private static void positive(Integer value, String name) {
        if (value != null && value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + value);
        }
    }
}
