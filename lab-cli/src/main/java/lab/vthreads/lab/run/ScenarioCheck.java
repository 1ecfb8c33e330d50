package lab.vthreads.lab.run;

import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.stack.Endpoints;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A user's scenario, tried once against the started application before anything is measured: each flow by one user.
 * The scenario's file is checked before any JVM starts, but only the application can say whether it serves a path; a
 * scenario it does not serve would otherwise cost a whole run to report cells of failures.
 */
public final class ScenarioCheck {

    /** Far more than one pass through any flow takes, think time included. */
    private static final long TIMEOUT_SECONDS = 120;

    private ScenarioCheck() {
    }

    /** @throws StartFailure naming each request that failed and how, when one did */
    public static void run(LoadGenerators load, Endpoints endpoints, Path cepsCsv, Path dir, Progress progress) {
        Path resultsFile = dir.resolve("gatling-results-scenario-check.json");
        ManagedProcess gatling = load.startUnmeasured(LoadProperties.closed(endpoints.gateway(), cepsCsv, 1).profile(0, 1, 0).everyFlowOnce()
                .resultsFile(resultsFile), dir.resolve("scenario-check"), dir.resolve("scenario-check.log"));
        int exit = load.await(gatling, TIMEOUT_SECONDS);
        // The whole run's totals: a check has no steady window to speak of.
        JsonNode results;
        try {
            results = JsonMapper.builder().build().readTree(resultsFile.toFile());
        } catch (JacksonException e) {
            throw new StartFailure("the scenario's check against the application wrote no results (load generator exit " + exit + "); see "
                    + dir.resolve("scenario-check.log"));
        }
        long ok = results.path("ok").asLong(), ko = results.path("ko").asLong();
        if (ko > 0 || ok == 0) {
            throw new StartFailure("the scenario failed against the application before anything was measured: " + reasons(results.path("koReasons"))
                    + ". Correct the scenario (./lab check-scenario FILE shows what it sends) or the application; the load generator's log is "
                    + dir.resolve("scenario-check.log"));
        }
        progress.note("scenario checked: each flow once, " + ok + " requests answered as expected");
    }

    private static String reasons(JsonNode reasons) {
        if (reasons.isEmpty()) return "no request succeeded";
        List<String> each = new ArrayList<>();
        reasons.properties().forEach(e -> each.add(e.getKey() + (e.getValue().asLong() > 1 ? " (×" + e.getValue().asLong() + ")" : "")));
        return String.join("; ", each);
    }
}
