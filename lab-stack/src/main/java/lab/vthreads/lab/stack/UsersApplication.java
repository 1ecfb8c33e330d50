package lab.vthreads.lab.stack;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.process.Readiness;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.StackSettings.StackPorts;

import java.util.List;
import java.util.Map;

/**
 * A user's Spring Boot jar, alone, in the gateway's place and on its ports, in the platform or the virtual thread mode.
 * The lab knows nothing of it but what the user said ({@link Application}): a port is all it asks.
 */
record UsersApplication(Application application) implements SystemUnderTest {

    @Override
    public List<Component> services() {
        return List.of(Component.APP);
    }

    @Override
    public SpringService service(StackSettings settings, Component component) {
        if (component != Component.APP) throw new IllegalArgumentException(component.label() + " is not started with a user's application");
        StackPorts p = settings.ports();
        // The path the user named on its own port; else Actuator's health on its management port, where it has Actuator
        // and that answers; else any answer on its own port.
        String port = settings.url(p.gateway()) + "/";
        Readiness health = application.healthPath() != null ? Readiness.answers200(settings.url(p.gateway()) + application.healthPath())
                : application.jar().actuator() ? Readiness.healthOrPort(settings.url(p.gatewayManagement()) + "/actuator/health", port)
                : Readiness.anyAnswer(port);
        return new SpringService(component, application.jar().path(), ApplicationArguments.of(settings), application.environment(), health,
                SpringServices.address(settings, p.gateway(), p.gatewayManagement()), describe(settings), Launch.of(settings.factors().launch(), false), null);
    }

    /** What any Spring Boot application reads (Tomcat's threads, Hikari's pool, the JVM's flags), not pessoa-service's own switches. */
    @Override
    public boolean has(Factor factor) {
        return factor.forApplications();
    }

    @Override
    public String identity() {
        return application.identity();
    }

    @Override
    public java.nio.file.Path versionsJar(java.nio.file.Path home) {
        return application.jar().path();
    }

    @Override
    public String applicationServer() {
        return application.jar().server() != null ? application.jar().server() : "none known";
    }

    /** One line for {@code ./lab up}'s table and the report: what a user's application runs with. */
    private String describe(StackSettings settings) {
        Factors f = settings.factors();
        return application.jar().describe() + "; " + SpringServices.describeThreads(settings)
                + (f.poolSize() != null ? ", pool " + f.poolSize() : "")
                + (f.poolTimeoutMs() != null ? ", connection timeout " + f.poolTimeoutMs() + " ms" : "")
                + (application.labDatabase() ? ", the lab's PostgreSQL" : ", its own database")
                + (application.stubs() != null ? ", stubs' URL in " + application.stubUrlProperty() : "");
    }

    @Override
    public String name() {
        return "the application";
    }

    @Override
    public String implementation() {
        return Component.APP.label();
    }

    @Override
    public String announced(ThreadMode mode) {
        return threads(mode) + ", your application";
    }

    /** Through the user's scenario: the lab knows nothing else of what it serves. */
    @Override
    public List<String> byHand(String gateway) {
        return List.of("Load it:  ./mvnw gatling:test -Dgatling.simulationClass=lab.vthreads.gatling.ScenarioSimulation -Dscenario=$PWD/YOUR-SCENARIO.yaml"
                + " -DbaseUrl=" + gateway + "   (docs/scenarios.md)");
    }

    @Override
    public String controlled() {
        return "app";
    }

    @Override
    public Downstream downstream() {
        return application.stubs() != null ? Downstream.STUBS : Downstream.NONE;
    }

    @Override
    public java.nio.file.Path stubs(java.nio.file.Path home) {
        return application.stubs();
    }

    @Override
    public boolean labHandsDatabase() {
        return application.labDatabase();
    }

    /** One of its own, created empty for each start of its JVMs ({@link ApplicationDatabase}). */
    @Override
    public String database() {
        return Application.DATABASE;
    }

    @Override
    public DataBetweenRuns dataBetweenRuns() {
        return application.labDatabase() ? DataBetweenRuns.RESTORED : DataBetweenRuns.KEPT;
    }

    @Override
    public FirstPass firstPass() {
        return FirstPass.AT_ONCE;
    }

    @Override
    public List<Port> ports(StackPorts p) {
        return List.of(new Port(p.gateway(), "the application", "--gateway-port"),
                new Port(p.gatewayManagement(), "the application's management", "--gateway-management-port"));
    }

    /**
     * Its own port and its management port, which stands for both of the lab's services'. No database to empty (the lab
     * knows none of its tables: each pair of JVMs gets a fresh one instead) and no latency switched on stubs it does not know.
     */
    @Override
    public Endpoints endpoints(StackSettings settings) {
        StackPorts ports = settings.ports();
        String management = "http://127.0.0.1:" + ports.gatewayManagement();
        return new Endpoints("http://127.0.0.1:" + ports.gateway(), management, management, null, null, null, null, sampleNames());
    }

    /** One JVM in both places, under its own name. */
    @Override
    public SampleNames sampleNames() {
        return SampleNames.APPLICATION;
    }

}
