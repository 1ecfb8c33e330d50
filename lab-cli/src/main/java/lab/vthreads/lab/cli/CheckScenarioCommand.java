package lab.vthreads.lab.cli;

import lab.vthreads.scenario.Flow;
import lab.vthreads.scenario.Payload;
import lab.vthreads.scenario.Scenario;
import lab.vthreads.scenario.ScenarioException;
import lab.vthreads.scenario.ScenarioReader;
import lab.vthreads.scenario.Step;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** Reads a scenario as the load generator will and says what it will do, or names the line and key that are wrong. */
@Command(name = "check-scenario", mixinStandardHelpOptions = true,
        description = {"Checks a scenario file (docs/scenarios.md) with the reader the load generator uses, and prints its flows, weights and requests.",
                "Exit 0: it runs as written; 2: it does not, and the message names the line and the key."})
public final class CheckScenarioCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "the scenario's YAML file")
    Path file;

    @Override
    public Integer call() {
        Scenario scenario;
        try {
            scenario = ScenarioReader.read(file);
        } catch (ScenarioException e) {
            System.err.println("check-scenario: " + e.getMessage());
            return 2;
        }
        System.out.println(file + ": " + scenario.flows().size() + " flow" + (scenario.flows().size() == 1 ? "" : "s") + ", picked "
                + (scenario.pick() == Scenario.Pick.RANDOM ? "at random by weight" : "in turn"));
        for (Payload payload : scenario.payloads()) {
            System.out.println("  payload " + payload.path().getFileName() + ": " + payload.rows().size() + " rows of " + String.join(", ", payload.fields())
                    + " (" + payload.order().name().toLowerCase(java.util.Locale.ROOT) + ")");
        }
        int total = scenario.flows().stream().mapToInt(Flow::weight).sum();
        for (Flow flow : scenario.flows()) {
            System.out.printf(java.util.Locale.ROOT, "  %s: weight %d (%.0f%% of users)%n", flow.name(), flow.weight(), 100.0 * flow.weight() / total);
            for (Step step : flow.steps()) {
                System.out.println("    " + switch (step) {
                    case Step.Request r -> r.method() + " " + r.url() + (r.body().contentType() != null ? " (" + r.body().contentType() + ")" : "")
                            + ", expects " + (r.expect().size() == 100 ? "2xx" : r.expect().stream().sorted().toList());
                    case Step.Think t -> "think " + t.duration().toMillis() / 1000.0 + " s";
                });
            }
        }
        return 0;
    }
}
