package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.Readiness;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.StackSettings.StackPorts;

import java.util.Map;

/** The lab's own pessoa-service behind its gateway, in the platform or the virtual thread mode. */
record LabServices() implements LabsOwnServices {

    /** Every factor is one of pessoa-service's switches, or the gateway's, or the JVM's. */
    @Override
    public boolean has(Factor factor) {
        return true;
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
    public String implementation() {
        return name();
    }
}
