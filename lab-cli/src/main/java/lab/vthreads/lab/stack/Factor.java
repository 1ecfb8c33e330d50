package lab.vthreads.lab.stack;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Every factor, once: its key (a {@link Factors} component and the preset's YAML key), its command-line option, how it
 * reaches a process, and where it applies. What refuses a factor for a user's application, what a run against a stack
 * the lab did not start reports as not applied, and which Spring properties belong to an option are read from here;
 * FactorTableTest fails when a {@link Factors} component has no row, or a row's option, property or documentation is
 * missing.
 *
 * @param key               the {@link Factors} component and the preset's key
 * @param option            the option of {@code ./lab run} and {@code ./lab up}
 * @param route             how it reaches a process
 * @param target            the Spring property, JVM flag or parameter it becomes (null where the route says it all)
 * @param forApplications   whether a user's application ({@code --app}) can be given it: false for switches only the
 *                          lab's own pessoa-service has
 * @param forExternalStacks whether it reaches a stack the lab did not start ({@code --target}): only what the load
 *                          generator and the CEP mock do
 * @param asked             its value where a cell asks for something other than the service's own behaviour, else null
 * @param reactive          what it becomes for the reactive mode's pessoa-service-reactive: {@link #SAME} where it reaches
 *                          it as it reaches pessoa-service, {@link #GATEWAY_ONLY} where only the gateway has the setting
 *                          (Tomcat's threads: the reactive service has none), another Spring property, or null where the
 *                          reactive service has no such setting and a reactive cell cannot be given it
 */
public enum Factor {
    TOMCAT_THREADS("tomcatThreads", "--tomcat-threads", Route.SPRING_PROPERTY, "server.tomcat.threads.max", true, false, Factors::tomcatThreads, Factor.GATEWAY_ONLY),
    POOL_SIZE("poolSize", "--pool-size", Route.SPRING_PROPERTY, "spring.datasource.hikari.maximum-pool-size", true, false, Factors::poolSize, "spring.r2dbc.pool.max-size"),
    POOL_TIMEOUT_MS("poolTimeoutMs", "--pool-timeout-ms", Route.SPRING_PROPERTY, "spring.datasource.hikari.connection-timeout", true, false,
            Factors::poolTimeoutMs, "spring.r2dbc.pool.max-acquire-time"),
    CEP_INSIDE_TRANSACTION("cepInsideTransaction", "--cep-inside-transaction", Route.SPRING_PROPERTY, "lab.cep.lookup-inside-transaction", false,
            false, f -> Boolean.TRUE.equals(f.cepInsideTransaction()) ? true : null, Factor.SAME),
    CONCURRENCY_LIMIT("concurrencyLimit", "--db-concurrency-limit", Route.SPRING_PROPERTY, "lab.database.concurrency-limit", false, false,
            Factors::concurrencyLimit, null),
    HIKARI_CP("hikariCp", "--hikari-cp", Route.LAUNCH, "pessoa-service's classpath", false, false, Factors::hikariCp, null),
    CEP_LATENCY("cepLatency", "--cep-latency", Route.CEP_MOCK, "the CEP mock's (or the application's stubs') delay", true, true, Factors::cepLatency, Factor.SAME),
    CEP_READ_TIMEOUT_MS("cepReadTimeoutMs", "--cep-read-timeout-ms", Route.SPRING_PROPERTY, "lab.cep.read-timeout", false, false,
            Factors::cepReadTimeoutMs, Factor.SAME),
    CLIENT("client", "--client", Route.LOAD_PARAMETER, "the simulation's patient or impatient users", true, true, Factors::client, Factor.SAME),
    JVM_PROCESSORS("jvmProcessors", "--jvm-processors", Route.JVM_FLAG, "-XX:ActiveProcessorCount", true, false, Factors::jvmProcessors, Factor.SAME),
    JDK("jdk", "--jdk", Route.LAUNCH, "the java the services start with", true, false, Factors::jdk, Factor.SAME),
    CEP_LOCK("cepLock", "--cep-lock", Route.SPRING_PROPERTY, "lab.cep.lock", false, false, Factors::cepLock, null),
    CARRIERS("carriers", "--carriers", Route.JVM_FLAG, "-Djdk.virtualThreadScheduler.parallelism", true, false, Factors::carriers, Factor.SAME),
    // Off only on the lab's own JVMs; a stack the lab did not start is never recorded, so asking nothing of it is no loss.
    OBSERVE_THREADS("observeThreads", "--observe-threads", Route.OBSERVER, "the JFR pinning recording and thread dumps", true, true,
            Factors::observeThreads, Factor.SAME);

    /** In the reactive column: the factor reaches the reactive service as it reaches pessoa-service. */
    public static final String SAME = "same";
    /** In the reactive column: the setting is the gateway's alone in the reactive mode. */
    public static final String GATEWAY_ONLY = "gateway only";

    /** How a factor reaches a process. */
    public enum Route {
        SPRING_PROPERTY, JVM_FLAG, LAUNCH, CEP_MOCK, LOAD_PARAMETER, OBSERVER
    }

    private final String key;
    private final String option;
    private final Route route;
    private final String target;
    private final boolean forApplications;
    private final boolean forExternalStacks;
    private final Function<Factors, Object> asked;
    private final String reactive;

    Factor(String key, String option, Route route, String target, boolean forApplications, boolean forExternalStacks,
           Function<Factors, Object> asked, String reactive) {
        this.key = key;
        this.option = option;
        this.route = route;
        this.target = target;
        this.forApplications = forApplications;
        this.forExternalStacks = forExternalStacks;
        this.asked = asked;
        this.reactive = reactive;
    }

    /** {@link #SAME}, {@link #GATEWAY_ONLY}, the reactive service's own property, or null: see the table. */
    public String reactive() {
        return reactive;
    }

    /** Whether a reactive cell can be given it. */
    public boolean forReactive() {
        return reactive != null;
    }

    public String key() {
        return key;
    }

    public String option() {
        return option;
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

    /** The Spring properties an option owns, for every factor that becomes one in a user's application too. */
    public static Map<String, String> optionsOfApplicationProperties() {
        Map<String, String> owned = new LinkedHashMap<>();
        Arrays.stream(values()).filter(f -> f.route == Route.SPRING_PROPERTY && f.forApplications).forEach(f -> owned.put(f.target, f.option));
        return owned;
    }
}
