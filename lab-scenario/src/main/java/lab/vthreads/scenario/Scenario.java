package lab.vthreads.scenario;

import java.nio.file.Path;
import java.util.List;

/**
 * A user's load scenario, as {@link ScenarioReader} read it from YAML: each virtual user takes one row of every payload,
 * picks one flow, runs its steps in order and leaves; the lab's closed or open workload decides how many users there
 * are. The shape is Artillery's ({@code config.payload}, {@code scenarios[].weight}, {@code flow}), so a scenario
 * reads like one people already write.
 *
 * @param file     where it was read from (payload paths are relative to its folder)
 * @param payloads CSV files whose rows feed the templates
 * @param pick     how a user picks its flow
 * @param flows    at least one
 * @param target   the path the application is served under ({@code config.target}, a servlet context path such as
 *                 {@code /petclinic}), put before every request's path; "" for none
 */
public record Scenario(Path file, List<Payload> payloads, Pick pick, List<Flow> flows, String target) {

    public Scenario {
        payloads = List.copyOf(payloads);
        flows = List.copyOf(flows);
        target = target == null ? "" : target;
    }

    public Scenario(Path file, List<Payload> payloads, Pick pick, List<Flow> flows) {
        this(file, payloads, pick, flows, "");
    }

    /**
     * A request's path on the application: under the target, unless it is already there (a captured {@code Location}
     * that names the context path, where another application's leaves it out).
     */
    public String onTarget(String path) {
        if (target.isEmpty() || path.equals(target) || path.startsWith(target + "/") || path.startsWith(target + "?")) return path;
        return target + path;
    }

    /** How each new user chooses among the flows. */
    public enum Pick {
        /** At random, in proportion to the weights. */
        RANDOM,
        /** In turn, each flow as many times in a row as its weight: the same mix in every run, request for request. */
        IN_TURN
    }

    /** Every request of every flow. */
    public List<Step.Request> requests() {
        return flows.stream().flatMap(f -> f.steps().stream()).filter(Step.Request.class::isInstance).map(Step.Request.class::cast).toList();
    }
}
