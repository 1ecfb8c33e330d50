package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.Readiness;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.StackSettings.StackPorts;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The lab's reactive contender, pessoa-service-reactive (Reactor Netty, R2DBC), in pessoa-service's place and on its
 * ports, behind the same gateway: what differs from {@link LabServices} is the service that does the work, and that its
 * calibration is its own.
 */
record ReactiveService() implements LabsOwnServices {

    /**
     * The factors that reach it as they reach pessoa-service, under the same property, flag or step. A factor listed
     * nowhere here (the concurrency limit, HikariCP's version, the CEP lock: switches of the blocking service alone, and
     * any new row until it is added) is refused for a reactive cell.
     */
    static final Set<Factor> AS_PESSOA_SERVICE = EnumSet.of(Factor.CEP_INSIDE_TRANSACTION, Factor.CEP_LATENCY, Factor.CEP_READ_TIMEOUT_MS,
            Factor.CLIENT, Factor.JVM_PROCESSORS, Factor.JDK, Factor.CARRIERS, Factor.OBSERVE_THREADS, Factor.CEP_MAX_CONNECTIONS, Factor.LAUNCH,
            Factor.FIRST_PASS);
    /** The pool's factors, under R2DBC's names. */
    static final Map<Factor, String> OWN_PROPERTIES = Map.of(Factor.POOL_SIZE, "spring.r2dbc.pool.max-size",
            Factor.POOL_TIMEOUT_MS, "spring.r2dbc.pool.max-acquire-time");
    /** Settings of Tomcat and Spring MVC, which it does not run: in its mode they are the gateway's alone. */
    static final Set<Factor> GATEWAY_ONLY = EnumSet.of(Factor.TOMCAT_THREADS, Factor.DISPATCHER_ON_STARTUP);

    @Override
    public boolean has(Factor factor) {
        return AS_PESSOA_SERVICE.contains(factor) || OWN_PROPERTIES.containsKey(factor) || GATEWAY_ONLY.contains(factor);
    }

    static final String NAME = "pessoa-service-reactive";

    @Override
    public SpringService service(StackSettings settings, Component component) {
        StackPorts p = settings.ports();
        return switch (component) {
            case PESSOA -> new SpringService(component, SpringServices.labJar(settings.home(), NAME),
                    SpringProperties.arguments(properties(settings)), Map.of(),
                    Readiness.answers200(settings.url(p.pessoaManagement()) + "/actuator/health"), SpringServices.address(settings, p.pessoa(), p.pessoaManagement()),
                    describe(settings), Launch.of(settings.factors().launch(), true), null);
            case GATEWAY -> SpringServices.gateway(settings);
            default -> throw new IllegalArgumentException(component.label() + " is not one of the reactive mode's services");
        };
    }

    /**
     * The same CEP settings under the same keys; the pool's factors under R2DBC's names; no Tomcat and no virtual
     * threads (Reactor Netty's event loops serve it); the database as an R2DBC URL, and as a JDBC URL for Flyway, which
     * has no R2DBC driver.
     */
    static Map<String, String> properties(StackSettings settings) {
        StackPorts p = settings.ports();
        Factors f = settings.factors();
        Map<String, String> properties = SpringProperties.listening(settings, p.pessoa(), p.pessoaManagement(), false);
        if (f.poolSize() != null) {
            // All opened up front, as Hikari's minimum-idle (its default: the pool's size) does.
            properties.put(OWN_PROPERTIES.get(Factor.POOL_SIZE), f.poolSize().toString());
            properties.put("spring.r2dbc.pool.initial-size", f.poolSize().toString());
        }
        if (f.poolTimeoutMs() != null) properties.put(OWN_PROPERTIES.get(Factor.POOL_TIMEOUT_MS), f.poolTimeoutMs() + "ms");
        String jdbcUrl = settings.jdbcUrl();
        String user = SpringProperties.user(settings);
        String password = SpringProperties.password(settings);
        properties.put("spring.r2dbc.url", "r2dbc:" + jdbcUrl.substring("jdbc:".length()));
        properties.put("spring.r2dbc.username", user);
        properties.put("spring.r2dbc.password", password);
        properties.put("spring.flyway.url", jdbcUrl);
        properties.put("spring.flyway.user", user);
        properties.put("spring.flyway.password", password);
        properties.put("lab.cep.base-url", settings.url(p.wiremock()));
        properties.putAll(SpringProperties.labOnly(f, AS_PESSOA_SERVICE::contains));
        return properties;
    }

    static String describe(StackSettings settings) {
        Factors f = settings.factors();
        return "reactive: " + NAME + " on Reactor Netty, R2DBC pool " + SpringServices.orDefault(f.poolSize(), ServiceDefaults.POOL_SIZE)
                + (f.poolTimeoutMs() != null ? ", acquire timeout " + f.poolTimeoutMs() + " ms" : "")
                + ", CEP lookups " + (f.lookupsInsideTransaction() ? "inside" : "outside") + " the transaction"
                + (f.cepReadTimeoutMs() != null ? ", CEP read timeout " + f.cepReadTimeoutMs() + " ms" : "");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String implementation() {
        return NAME;
    }

    /** It has no request threads to lift: its own mode, on its event loops. */
    @Override
    public ThreadMode calibratedIn() {
        return ThreadMode.REACTIVE;
    }

    @Override
    public String servedBy(ThreadMode mode) {
        return "the reactive service";
    }

    /** Its gateway's: the reactive service itself has no request threads. */
    @Override
    public String threads(ThreadMode mode) {
        return "virtual threads (the reactive mode's gateway)";
    }

    @Override
    public String announced(ThreadMode mode) {
        return "the reactive mode";
    }

    /** Its own jar, and so its own cache, trained as it runs. */
    @Override
    public ThreadMode trainedIn() {
        return ThreadMode.REACTIVE;
    }

    /** Its calibration is its own, kept apart from the thread modes' (each mode's cells are predicted from their implementation's). */
    @Override
    public String calibrationFolder() {
        return "calibration-reactive";
    }
}
