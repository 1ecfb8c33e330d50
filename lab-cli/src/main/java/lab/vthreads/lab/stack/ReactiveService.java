package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.Readiness;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.StackSettings.StackPorts;

import java.util.List;
import java.util.Map;

/**
 * The lab's reactive contender, pessoa-service-reactive (Reactor Netty, R2DBC), in pessoa-service's place and on its
 * ports, behind the same gateway: the one thing that differs from {@link LabServices} is the service that does the work.
 */
record ReactiveService() implements SystemUnderTest {

    static final String NAME = "pessoa-service-reactive";

    @Override
    public List<Component> services() {
        return List.of(Component.PESSOA, Component.GATEWAY);
    }

    @Override
    public SpringService service(StackSettings settings, Component component) {
        StackPorts p = settings.ports();
        return switch (component) {
            case PESSOA -> new SpringService(component, SpringServices.labJar(settings.home(), NAME),
                    SpringProperties.arguments(SpringProperties.reactivePessoa(settings)), Map.of(),
                    Readiness.answers200(settings.url(p.pessoaManagement()) + "/actuator/health"), SpringServices.address(settings, p.pessoa(), p.pessoaManagement()),
                    describe(settings), Launch.of(settings.factors().launch(), true), null);
            case GATEWAY -> SpringServices.gateway(settings);
            default -> throw new IllegalArgumentException(component.label() + " is not one of the reactive mode's services");
        };
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
    public String servedBy(ThreadMode mode) {
        return "the reactive service";
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
        return LabServices.servicePorts(p, NAME);
    }

    @Override
    public Endpoints endpoints(StackSettings settings) {
        return LabServices.labEndpoints(settings);
    }

    @Override
    public Map<String, String> sampleNames() {
        return LabServices.LAB_SAMPLE_NAMES;
    }

    /** The same switches as pessoa-service's: lookups outside the transaction, no limit on the CEP client's connections. */
    @Override
    public Factors.Builder liftedForCalibration(Factors.Builder lifted) {
        return new LabServices().liftedForCalibration(lifted);
    }

    /** Its calibration is its own, kept apart from the thread modes' (each mode's cells are predicted from their implementation's). */
    @Override
    public String calibrationFolder() {
        return "calibration-reactive";
    }
}
