package lab.vthreads.lab.stack;

import lab.vthreads.infra.cep.CepLatency;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Every factor, once: its key (a {@link Factors} component and the preset's YAML key), its command-line option, how it
 * reaches a process, and where it applies. The options of {@code ./lab run} and {@code ./lab up}, the Spring properties
 * only the lab's own services read, what refuses a factor for a user's application, what a run against a stack the lab
 * did not start reports as not applied, and which Spring properties belong to an option are read from here. A new
 * factor is a {@link Factors} component with its builder method, and a row here; FactorTableTest fails when either is
 * missing, or the row's option, property or documentation line. Another implementation of the lab's service says in
 * its own case which rows reach it and under what names: a new row reaches none until it says so.
 *
 * @param key               the {@link Factors} component and the preset's key
 * @param cli               its option of {@code ./lab run} and {@code ./lab up}, which FactorOptions adds from here
 * @param route             how it reaches a process
 * @param target            the Spring property, JVM flag or parameter it becomes (null where the route says it all)
 * @param forApplications   whether a user's application ({@code --app}) can be given it: false for switches only the
 *                          lab's own pessoa-service has
 * @param forExternalStacks whether it reaches a stack the lab did not start ({@code --target}): only what the load
 *                          generator and the CEP mock do
 * @param asked             its value where a cell asks for something other than the service's own behaviour, else null
 */
public enum Factor {
    TOMCAT_THREADS("tomcatThreads", Route.SPRING_PROPERTY, "server.tomcat.threads.max", true, false, Factors::tomcatThreads,
            whole("--tomcat-threads", "N", "server.tomcat.threads.max of both services (default: Spring's " + ServiceDefaults.TOMCAT_THREADS + ")")),
    POOL_SIZE("poolSize", Route.SPRING_PROPERTY, "spring.datasource.hikari.maximum-pool-size", true, false, Factors::poolSize,
            whole("--pool-size", "N", "HikariCP maximum pool size (default: Spring's " + ServiceDefaults.POOL_SIZE + ")")),
    POOL_TIMEOUT_MS("poolTimeoutMs", Route.SPRING_PROPERTY, "spring.datasource.hikari.connection-timeout", true, false, Factors::poolTimeoutMs,
            whole("--pool-timeout-ms", "MS", "HikariCP connectionTimeout in ms (default: Hikari's " + ServiceDefaults.POOL_TIMEOUT_MS + ")")),
    CEP_INSIDE_TRANSACTION("cepInsideTransaction", Route.SPRING_PROPERTY, "lab.cep.lookup-inside-transaction", false, false,
            f -> Boolean.TRUE.equals(f.cepInsideTransaction()) ? true : null,
            flag("--cep-inside-transaction", "look the CEPs up while holding the DB transaction: the pool-bottleneck scenario (default: outside)")) {
        @Override
        public String propertyValue(Factors factors) {
            // Said either way: which side of the transaction the lookups run is what the pool variants compare.
            return Boolean.toString(factors.lookupsInsideTransaction());
        }
    },
    CONCURRENCY_LIMIT("concurrencyLimit", Route.SPRING_PROPERTY, "lab.database.concurrency-limit", false, false, Factors::concurrencyLimit,
            whole("--db-concurrency-limit", "N", "backpressure: at most N requests in a database transaction, the rest get 503 + Retry-After at "
                    + "once (default: no limit)")),
    HIKARI_CP("hikariCp", Route.LAUNCH, "pessoa-service's classpath", false, false, Factors::hikariCp,
            text("--hikari-cp", "VERSION", "run pessoa-service with this HikariCP version from pessoa-service/target/hikari/ (default: the one in its jar)")),
    CEP_LATENCY("cepLatency", Route.CEP_MOCK, "the CEP mock's (or the application's stubs') delay", true, true, Factors::cepLatency,
            new Cli("--cep-latency", "LATENCY", "lognormal:MEDIAN_MS:SIGMA | fixed:MS | uniform:LO_MS:HI_MS | none (default: lognormal:200:0.4)",
                    String.class, latency -> CepLatency.parse(latency).text())),
    CEP_READ_TIMEOUT_MS("cepReadTimeoutMs", Route.SPRING_PROPERTY, "lab.cep.read-timeout", false, false, Factors::cepReadTimeoutMs,
            whole("--cep-read-timeout-ms", "MS", "how long pessoa-service waits for a CEP answer before answering 504 cep-timeout (default: "
                    + Factors.SERVICE_CEP_READ_TIMEOUT_MS + ")")) {
        @Override
        public String propertyValue(Factors factors) {
            // A Duration in Spring's terms: a bare number would be read as milliseconds too, but the unit says it.
            return factors.cepReadTimeoutMs() == null ? null : factors.cepReadTimeoutMs() + "ms";
        }
    },
    CLIENT("client", Route.LOAD_PARAMETER, "the simulation's patient or impatient users", true, true, Factors::client,
            text("--client", "impatient|patient", "how the load generator's users treat a 503 with Retry-After: impatient (a failure; the next "
                    + "request goes at once) or patient (sent again after it, with back-off and jitter) (default: impatient)")),
    JVM_PROCESSORS("jvmProcessors", Route.JVM_FLAG, "-XX:ActiveProcessorCount", true, false, Factors::jvmProcessors,
            whole("--jvm-processors", "N", "how many CPUs the services' JVMs believe they have (-XX:ActiveProcessorCount): carriers of virtual "
                    + "threads, GC (SerialGC below 2), JIT threads (default: their limit's, 2)")),
    JDK("jdk", Route.LAUNCH, "the java the services start with", true, false, Factors::jdk,
            text("--jdk", "21|25|DIR", "the services' JDK: a feature release found among the installed JDKs (scripts/install-jdk21 installs a 21), "
                    + "or a JDK's directory (default: the lab's own)")),
    CEP_LOCK("cepLock", Route.SPRING_PROPERTY, "lab.cep.lock", false, false, Factors::cepLock,
            text("--cep-lock", "none|synchronized|reentrant-lock", "each CEP lookup's I/O inside a lock of its own, as older clients did: "
                    + "synchronized pins a virtual thread on JDK 21 (default: none)")),
    CARRIERS("carriers", Route.JVM_FLAG, "-Djdk.virtualThreadScheduler.parallelism", true, false, Factors::carriers,
            whole("--carriers", "N", "the virtual-thread scheduler's parallelism in both services (jdk.virtualThreadScheduler.parallelism) "
                    + "(default: the JVM's processors)")),
    // Off only on the lab's own JVMs; a stack the lab did not start is never recorded, so asking nothing of it is no loss.
    OBSERVE_THREADS("observeThreads", Route.OBSERVER, "the JFR pinning recording and thread dumps", true, true, Factors::observeThreads,
            flag("--observe-threads", "the services' JFR pinning recording and the virtual cells' thread dumps; --no-observe-threads only to "
                    + "measure what they cost (default: on)")),
    CEP_MAX_CONNECTIONS("cepMaxConnections", Route.SPRING_PROPERTY, "lab.cep.max-connections", false, false, Factors::cepMaxConnections,
            whole("--cep-max-connections", "N", "connections to the CEP API at most, in pessoa-service's HTTP client and in each other "
                    + "implementation's own; a lookup that finds none free waits for one (default: " + ServiceDefaults.CEP_MAX_CONNECTIONS + ")")),
    LAUNCH("launch", Route.LAUNCH, "how the services' jars start", true, false, Factors::launch,
            text("--launch", "jar|extracted|aot|aot-traffic", "how the services' jars start: jar (java -jar, Spring Boot's nested-jar loader), extracted "
                    + "(-Djarmode=tools extract, plain jars on the class path), aot (extracted, from an AOT cache trained on the start-up) or "
                    + "aot-traffic (extracted, from an AOT cache trained on the run's own flows: their classes and method profiles) "
                    + "(default: aot for the lab's own services, jar for --app)")),
    // Where a cold start's first requests all wait on the servlet that the first of them makes (StandardWrapper.allocate
    // in a deadlocked dump), made at the start instead: a start-up check's variants measure whether that prevents the hang.
    DISPATCHER_ON_STARTUP("dispatcherOnStartup", Route.SPRING_PROPERTY, "spring.mvc.servlet.load-on-startup", true, false,
            f -> Boolean.TRUE.equals(f.dispatcherOnStartup()) ? true : null,
            flag("--dispatcher-on-startup", "Spring MVC's DispatcherServlet made as the services start (spring.mvc.servlet.load-on-startup=1), "
                    + "not by their first request (default: Spring's, by the first request)")) {
        @Override
        public String propertyValue(Factors factors) {
            return asked(factors) == null ? null : "1";
        }
    },
    // How many first requests a cold JVM meets at once decides whether it can deadlock in class loading: the pass before
    // the load is one more such start, which a start-up check's variants measure with and without.
    FIRST_PASS("firstPass", Route.RUN_STEP, "what a fresh JVM is sent before its load", true, false, Factors::firstPass,
            text("--first-pass", "none|at-once|in-turn", "what each fresh pair of JVMs is sent before its load, and each start of a start-up check "
                    + "before its burst: none, each flow once at once (at-once), or each flow once, one after the other (in-turn) (default: at-once "
                    + "before an application's prewarm, where it also checks the scenario; none before the lab's own services' prewarm and "
                    + "before a burst)"));

    /**
     * How a factor reads on the command line (the command line's {@code FactorOptions} adds one option per row).
     *
     * @param type  what the option takes: {@link Boolean} for a flag ({@code --x} and {@code --no-x}), else a value
     * @param parse the value from its text, refusing what is not one with an {@link IllegalArgumentException}; null for a flag
     */
    public record Cli(String option, String paramLabel, String description, Class<?> type, Function<String, Object> parse) {
    }

    private static Cli whole(String option, String paramLabel, String description) {
        return new Cli(option, paramLabel, description, Integer.class, value -> {
            try {
                return Integer.valueOf(value.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + value + "' is not a whole number");
            }
        });
    }

    private static Cli text(String option, String paramLabel, String description) {
        return new Cli(option, paramLabel, description, String.class, value -> value);
    }

    private static Cli flag(String option, String description) {
        return new Cli(option, null, description, Boolean.class, null);
    }

    /** How a factor reaches a process. */
    public enum Route {
        SPRING_PROPERTY, JVM_FLAG, LAUNCH, CEP_MOCK, LOAD_PARAMETER, OBSERVER,
        /** A step of the lab's own run, before the load: nothing a process is given. */
        RUN_STEP
    }

    private final String key;
    private final Cli cli;
    private final Route route;
    private final String target;
    private final boolean forApplications;
    private final boolean forExternalStacks;
    private final Function<Factors, Object> asked;

    Factor(String key, Route route, String target, boolean forApplications, boolean forExternalStacks, Function<Factors, Object> asked,
           Cli cli) {
        this.key = key;
        this.cli = cli;
        this.route = route;
        this.target = target;
        this.forApplications = forApplications;
        this.forExternalStacks = forExternalStacks;
        this.asked = asked;
    }

    public String key() {
        return key;
    }

    public String option() {
        return cli.option();
    }

    public Cli cli() {
        return cli;
    }

    public Route route() {
        return route;
    }

    public String target() {
        return target;
    }

    public boolean forApplications() {
        return forApplications;
    }

    public boolean forExternalStacks() {
        return forExternalStacks;
    }

    /** What {@code factors} ask of this one, or null where they leave the service's own behaviour. */
    public Object asked(Factors factors) {
        return asked.apply(factors);
    }

    /** The value of its Spring property ({@link #target}) under {@code factors}; null where they leave the service's own. */
    public String propertyValue(Factors factors) {
        Object value = asked(factors);
        return value == null ? null : value.toString();
    }

    /** The Spring properties an option owns, for every factor that becomes one in a user's application too. */
    public static Map<String, String> optionsOfApplicationProperties() {
        Map<String, String> owned = new LinkedHashMap<>();
        Arrays.stream(values()).filter(f -> f.route == Route.SPRING_PROPERTY && f.forApplications).forEach(f -> owned.put(f.target, f.option()));
        return owned;
    }
}
