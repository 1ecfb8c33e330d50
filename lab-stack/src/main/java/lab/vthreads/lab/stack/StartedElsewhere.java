package lab.vthreads.lab.stack;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.StackSettings.StackPorts;

import java.nio.file.Path;
import java.util.List;

/**
 * A stack the lab does not start ({@code ./lab run --target FILE}), in one thread mode: only where it answers, as the
 * target file gives it. The lab launches none of its JVMs, checks none of its ports and hands it nothing; of the
 * factors, only those the load generator or the CEP API's admin sets reach it. Its database is emptied where the file
 * gives one (the lab's own tables, which a target of the lab's services has); its code is not the lab's to tell.
 */
public record StartedElsewhere(Endpoints endpoints) implements SystemUnderTest {

    @Override
    public boolean has(Factor factor) {
        return factor.forExternalStacks();
    }

    @Override
    public List<Component> services() {
        return List.of();
    }

    @Override
    public SpringService service(StackSettings settings, Component component) {
        throw new IllegalStateException("the lab starts none of a target's services, " + component.label() + " included");
    }

    @Override
    public String name() {
        return "the target";
    }

    @Override
    public String implementation() {
        return "target";
    }

    /** Not the lab's to tell: no run against a target counts as the same code as another. */
    @Override
    public String identity() {
        return null;
    }

    /** None the lab can read: it did not start the target's jars. */
    @Override
    public Path versionsJar(Path home) {
        return null;
    }

    @Override
    public Downstream downstream() {
        return endpoints.cepAdmin() != null ? Downstream.CEP_API : Downstream.NONE;
    }

    @Override
    public Path stubs(Path home) {
        return null;
    }

    @Override
    public boolean labHandsDatabase() {
        return false;
    }

    @Override
    public String database() {
        return null;
    }

    @Override
    public DataBetweenRuns dataBetweenRuns() {
        return endpoints.jdbcUrl() != null ? DataBetweenRuns.EMPTIED : DataBetweenRuns.KEPT;
    }

    @Override
    public FirstPass firstPass() {
        return FirstPass.NONE;
    }

    @Override
    public List<Port> ports(StackPorts ports) {
        return List.of();
    }

    @Override
    public Endpoints endpoints(StackSettings settings) {
        return endpoints;
    }

    @Override
    public SampleNames sampleNames() {
        return endpoints.sampleNames();
    }
}
