package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.Readiness;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.StackSettings.StackPorts;

import java.util.Map;

/**
 * The lab's reactive contender, pessoa-service-reactive (Reactor Netty, R2DBC), in pessoa-service's place and on its
 * ports, behind the same gateway: what differs from {@link LabServices} is the service that does the work, and that its
 * calibration is its own.
 */
record ReactiveService() implements LabsOwnServices {

    /** The factors the table gives a reactive property of its own, or passes to the gateway alone. */
    @Override
    public boolean has(Factor factor) {
        return factor.forReactive();
    }

    static final String NAME = "pessoa-service-reactive";

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
