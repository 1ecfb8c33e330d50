package lab.vthreads.lab.stack;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.lab.app.Application;

import java.nio.file.Path;
import java.util.Map;

/**
 * Everything that defines one start of the stack: the thread mode and the experiment's factors, and the plumbing
 * (ports, resource limits, the address to listen on, where things are).
 *
 * @param bindAddress where every component listens: 127.0.0.1 unless asked otherwise, like compose's published ports
 * @param application a user's application to run instead of the lab's two services (null: the lab's own)
 */
public record StackSettings(
        ThreadMode mode,
        Factors factors,
        StackPorts ports,
        Map<Component, ResourceLimit> limits,
        ExternalDatabase externalDatabase,
        Path home,
        Path runDirectory,
        String bindAddress,
        boolean cepRefusable,
        Application application) {

    public static final String LOOPBACK = "127.0.0.1";

    /** The JDK the services run on under these settings' {@code jdk} factor (a StartFailure when it cannot be found). */
    public ServiceJdk jdk() {
        return ServiceJdk.resolve(factors.jdk());
    }

    public enum Component {
        POSTGRES("postgres"), WIREMOCK("wiremock"), PESSOA("pessoa-service"), GATEWAY("gateway-service"),
        /** A user's application (./lab up --app), in the gateway's place and on its ports. */
        APP("app");

        private final String label;

        Component(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /**
         * The name a service's figures carry in the samples ({@code pessoa.jitMs}) in a system whose services are named
         * so: pessoa-service serves, the gateway is the entry, and a user's application is both; none for the others.
         */
        public String samplePrefix(lab.vthreads.lab.metrics.SampleNames names) {
            return switch (this) {
                case PESSOA, APP -> names.server();
                case GATEWAY -> names.entry();
                case POSTGRES, WIREMOCK -> null;
            };
        }

        /** By label ("pessoa-service"), short name ("pessoa") or enum name. */
        public static Component of(String name) {
            for (Component c : values()) {
                if (c.label.equals(name) || c.name().equalsIgnoreCase(name) || c.label.equals(name + "-service")) {
                    return c;
                }
            }
            throw new IllegalArgumentException("Unknown component '" + name + "': use wiremock, pessoa-service, gateway-service or app");
        }
    }

    public record StackPorts(int gateway, int gatewayManagement, int pessoa, int pessoaManagement, int wiremock, int postgres) {
        public static final StackPorts DEFAULTS = new StackPorts(8080, 9080, 8081, 9081, 8089, 55432);
    }

    /** An existing PostgreSQL to use instead of the embedded one. */
    public record ExternalDatabase(String url, String user, String password) {
    }

    public StackSettings {
        factors = factors != null ? factors : Factors.NONE;
        limits = limits != null ? Map.copyOf(limits) : Map.of();
        bindAddress = bindAddress != null ? bindAddress : LOOPBACK;
        // Absolute, since each service runs in a working directory of its own (Launcher): a relative jar, cache or
        // recording path on its command line would resolve there.
        home = home != null ? home.toAbsolutePath().normalize() : null;
        runDirectory = runDirectory != null ? runDirectory.toAbsolutePath().normalize() : null;
    }

    /** On the loopback interface only. */
    public StackSettings(ThreadMode mode, Factors factors, StackPorts ports, Map<Component, ResourceLimit> limits, ExternalDatabase externalDatabase,
                         Path home, Path runDirectory) {
        this(mode, factors, ports, limits, externalDatabase, home, runDirectory, LOOPBACK);
    }

    /** With the CEP API reached directly, not through a front that can refuse connections. */
    public StackSettings(ThreadMode mode, Factors factors, StackPorts ports, Map<Component, ResourceLimit> limits, ExternalDatabase externalDatabase,
                         Path home, Path runDirectory, String bindAddress) {
        this(mode, factors, ports, limits, externalDatabase, home, runDirectory, bindAddress, false);
    }

    /** The lab's own services. */
    public StackSettings(ThreadMode mode, Factors factors, StackPorts ports, Map<Component, ResourceLimit> limits, ExternalDatabase externalDatabase,
                         Path home, Path runDirectory, String bindAddress, boolean cepRefusable) {
        this(mode, factors, ports, limits, externalDatabase, home, runDirectory, bindAddress, cepRefusable, null);
    }

    /** The same start with a user's application instead of the lab's two services. */
    public StackSettings withApplication(Application app) {
        return new StackSettings(mode, factors, ports, limits, externalDatabase, home, runDirectory, bindAddress, cepRefusable, app);
    }

    /** The same start with other factors (a cell's), keeping the plumbing. */
    public StackSettings with(ThreadMode mode, Factors factors, Path runDirectory) {
        return new StackSettings(mode, factors, ports, limits, externalDatabase, home, runDirectory, bindAddress, cepRefusable, application);
    }

    /**
     * The CEP API behind a front that can refuse connections (CepMockMain's {@code --refusable}): for runs whose faults
     * refuse some, and only those, since the front relays every byte.
     */
    public StackSettings withCepRefusable() {
        return new StackSettings(mode, factors, ports, limits, externalDatabase, home, runDirectory, bindAddress, true, application);
    }

    /** Where this machine reaches a component: the bind address, or loopback when it binds every interface. */
    public String host() {
        return bindAddress.equals("0.0.0.0") || bindAddress.equals("::") || bindAddress.equals("[::]") ? LOOPBACK : bindAddress;
    }

    public String url(int port) {
        return "http://" + host() + ":" + port;
    }

    public CepLatency cepLatency() {
        return factors.latency();
    }

    public ResourceLimit limit(Component component) {
        return limits.getOrDefault(component, ResourceLimit.COMPOSE_DEFAULT);
    }

    /**
     * Whether the services' database is the lab's (its own services', or an application's with {@code --app-database
     * lab}), which the lab can copy and put back; false for an application that brings its own.
     */
    public boolean labHandsDatabase() {
        return system().labHandsDatabase();
    }

    /**
     * Whether each start of the services begins on a database of its own, created empty (a user's application on the
     * lab's PostgreSQL, whose migrations then run, as a fresh deployment's do): nothing of an earlier start is left to
     * put back. The lab's own tables, and an external database, outlive a start.
     */
    public boolean freshDatabaseEachStart() {
        return system().dataBetweenRuns() == SystemUnderTest.DataBetweenRuns.RESTORED && externalDatabase == null;
    }

    /** What these settings start and measure: the system their mode and application make. */
    public SystemUnderTest system() {
        return SystemUnderTest.of(mode, application);
    }

    /** What each fresh pair of these services is sent before its prewarm: the factor's pass, else the system's own. */
    public FirstPass firstPass() {
        return FirstPass.beforeLoad(factors.firstPass(), system());
    }

    public String jdbcUrl() {
        return externalDatabase != null ? externalDatabase.url()
                : "jdbc:postgresql://" + host() + ":" + ports.postgres() + "/" + system().database();
    }
}
