package lab.vthreads.lab.stack;

import lab.vthreads.lab.measured.SampleKeys;
import lab.vthreads.lab.process.Readiness;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.StackSettings.StackPorts;

import java.util.List;
import java.util.Map;

/** The lab's own pessoa-service behind its gateway, in the platform or the virtual thread mode. */
record LabServices() implements SystemUnderTest {

    @Override
    public List<Component> services() {
        return List.of(Component.PESSOA, Component.GATEWAY);
    }

    @Override
    public SpringService service(StackSettings settings, Component component) {
        return switch (component) {
            case PESSOA -> pessoa(settings);
            case GATEWAY -> SpringServices.gateway(settings);
            default -> throw new IllegalArgumentException(component.label() + " is not one of the lab's services");
        };
    }

    private static SpringService pessoa(StackSettings settings) {
        StackPorts p = settings.ports();
        String hikariCp = settings.factors().hikariCp();
        if (hikariCp != null && settings.factors().launch() != null && Launch.parse(settings.factors().launch()) != Launch.JAR) {
            throw new IllegalArgumentException("hikariCp runs pessoa-service from its jar, the other HikariCP ahead of its own: it takes no launch "
                    + settings.factors().launch());
        }
        return new SpringService(Component.PESSOA, SpringServices.labJar(settings.home(), "pessoa-service"),
                SpringProperties.arguments(SpringProperties.pessoa(settings)), Map.of(),
                Readiness.answers200(settings.url(p.pessoaManagement()) + "/actuator/health"), SpringServices.address(settings, p.pessoa(), p.pessoaManagement()),
                describe(settings), hikariCp == null ? Launch.of(settings.factors().launch(), true) : Launch.JAR,
                hikariCp != null ? SpringServices.hikariJar(settings.home(), hikariCp) : null);
    }

    static String describe(StackSettings settings) {
        Factors f = settings.factors();
        return SpringServices.describeThreads(settings) + ", pool " + SpringServices.orDefault(f.poolSize(), ServiceDefaults.POOL_SIZE)
                + (f.poolTimeoutMs() != null ? ", connection timeout " + f.poolTimeoutMs() + " ms" : "")
                + ", CEP lookups " + (f.lookupsInsideTransaction() ? "inside" : "outside") + " the transaction"
                + (f.effectiveConcurrencyLimit() != null ? ", database concurrency limit " + f.effectiveConcurrencyLimit() : "")
                + (f.hikariCp() != null ? ", HikariCP " + f.hikariCp() : "")
                + (f.cepReadTimeoutMs() != null ? ", CEP read timeout " + f.cepReadTimeoutMs() + " ms" : "")
                + (f.cepLock() != null && !f.cepLock().equals("none") ? ", each CEP lookup inside " + f.cepLock() : "");
    }

    @Override
    public String name() {
        return Component.PESSOA.label();
    }

    @Override
    public Downstream downstream() {
        return Downstream.CEP_API;
    }

    @Override
    public boolean labHandsDatabase() {
        return true;
    }

    @Override
    public DataBetweenRuns dataBetweenRuns() {
        return DataBetweenRuns.EMPTIED;
    }

    @Override
    public boolean checksScenarioFirst() {
        return false;
    }

    @Override
    public List<Port> ports(StackPorts p) {
        return servicePorts(p, name());
    }

    /** pessoa-service's and the gateway's ports, whichever pessoa-service it is. */
    static List<Port> servicePorts(StackPorts p, String pessoa) {
        return List.of(new Port(p.pessoa(), pessoa, "--pessoa-port"), new Port(p.pessoaManagement(), pessoa + " management", "--pessoa-management-port"),
                new Port(p.gateway(), "gateway-service", "--gateway-port"),
                new Port(p.gatewayManagement(), "gateway-service management", "--gateway-management-port"));
    }

    @Override
    public Endpoints endpoints(StackSettings settings) {
        return labEndpoints(settings);
    }

    /** The lab's two services' management ports, its database's and its CEP API's. */
    static Endpoints labEndpoints(StackSettings settings) {
        StackPorts ports = settings.ports();
        return new Endpoints("http://127.0.0.1:" + ports.gateway(), "http://127.0.0.1:" + ports.pessoaManagement(),
                "http://127.0.0.1:" + ports.gatewayManagement(), settings.jdbcUrl(), lab.vthreads.infra.postgres.EmbeddedPostgresServer.USER,
                lab.vthreads.infra.postgres.EmbeddedPostgresServer.PASSWORD, "http://127.0.0.1:" + ports.wiremock());
    }

    @Override
    public Map<String, String> sampleNames() {
        return LAB_SAMPLE_NAMES;
    }

    static final Map<String, String> LAB_SAMPLE_NAMES = sampleNamesInOrder();

    private static Map<String, String> sampleNamesInOrder() {
        Map<String, String> names = new java.util.LinkedHashMap<>();
        names.put(Component.PESSOA.label(), SampleKeys.PESSOA);
        names.put(Component.GATEWAY.label(), SampleKeys.GATEWAY);
        return java.util.Collections.unmodifiableMap(names);
    }

    /** Lookups outside the transaction, no concurrency limit and no limit on the CEP client's connections: pessoa-service's switches. */
    @Override
    public Factors.Builder liftedForCalibration(Factors.Builder lifted) {
        return lifted.cepInsideTransaction(false).concurrencyLimit(-1).cepMaxConnections(ServiceDefaults.CEP_MAX_CONNECTIONS);
    }
}
