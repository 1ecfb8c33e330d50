package lab.vthreads.lab.run;

import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.FirstPass;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import lab.vthreads.lab.load.LoadProperties;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A user's scenario, tried once against the started application before anything is measured: each flow by one user.
 * The scenario's file is checked before any JVM starts, but only the application can say whether it serves a path; a
 * scenario it does not serve would otherwise cost a whole run to report cells of failures. On a fresh JVM it is also
 * the first traffic, so what it finds may be the JVM's own (a cold start that hangs): it reports what it got, and the
 * experiment judges whose it is.
 */
public final class ScenarioCheck {

    /** Far more than one pass through any flow takes, think time included. */
    private static final long TIMEOUT_SECONDS = 120;

    /**
     * How long one request may wait: far more than a cold JVM takes to answer its first request (seconds, lazy
     * initialisation included), and short enough that a hung one is found, and dumped, while the run waits.
     */
    public static final java.time.Duration REQUEST_TIMEOUT = java.time.Duration.ofSeconds(30);

    /** The load generator's words for a request with no status at all (RunRecorder). */
    static final String NO_RESPONSE = "no response";

    private ScenarioCheck() {
    }

    /**
     * The pass before a fresh pair's load, with a line where everything it sent was answered as expected.
     *
     * @param scenario the scenario file whose flows it sends
     * @param watched  the cold services' JVMs, by name, watched for a deadlock while the requests wait (DeadlockWatch); none for warm ones
     */
    public static FirstRequests run(LoadGenerators load, FirstPass pass, Path scenario, Endpoints endpoints, Path cepsCsv, Path dir, Progress progress,
                                    Map<String, Long> watched) {
        FirstRequests found = pass(load, pass, scenario, endpoints, cepsCsv, dir, watched).got();
        if (found instanceof FirstRequests.Answered answered) {
            progress.note("scenario checked: each flow once" + (pass == FirstPass.IN_TURN ? ", one after the other" : "") + ", " + answered.ok()
                    + " requests answered as expected");
        }
        return found;
    }

    /** The pass alone: each flow once, as {@code pass} sends them (a start-up check's, before its burst). */
    public static Sent pass(LoadGenerators load, FirstPass pass, Path scenario, Endpoints endpoints, Path cepsCsv, Path dir, Map<String, Long> watched) {
        LoadProperties properties = LoadProperties.closed(endpoints.gateway(), cepsCsv, 1);
        switch (pass) {
            case AT_ONCE -> properties.everyFlowOnce();
            case IN_TURN -> properties.everyFlowInTurn();
            case NONE -> throw new IllegalArgumentException("the first pass 'none' sends nothing");
        }
        return send(load, scenario, properties, dir.resolve("gatling-results-scenario-check.json"), dir, "scenario-check", watched);
    }

    /**
     * {@code users} users, all at once, taking the scenario's flows in turn (one each at least): a burst of first
     * requests for a cold JVM (the start-up check).
     *
     * @param scenario the scenario file to send, or null for the experiment's own
     * @param watched  the cold services' JVMs, by name, watched for a deadlock while the requests wait (DeadlockWatch)
     */
    public static Sent burst(LoadGenerators load, Path scenario, Endpoints endpoints, Path cepsCsv, int users, Path dir, Map<String, Long> watched) {
        return send(load, scenario, LoadProperties.closed(endpoints.gateway(), cepsCsv, users).everyFlowAtOnce(users),
                dir.resolve("gatling-results-burst.json"), dir, "burst", watched);
    }

    /**
     * What a check got, and how long its slowest answer took (null where nothing was answered, or the flows outlasted
     * the check's bound).
     */
    public record Sent(FirstRequests got, Long slowestMs) {
    }

    private static Sent send(LoadGenerators load, Path scenario, LoadProperties properties, Path resultsFile, Path dir, String name,
                             Map<String, Long> watched) {
        properties.profile(0, 1, 0).requestTimeout(REQUEST_TIMEOUT).resultsFile(resultsFile);
        Path log = dir.resolve(name + ".log");
        ManagedProcess gatling = scenario == null ? load.startUnmeasured(properties, dir.resolve(name), log)
                : load.startScenario(scenario, properties, dir.resolve(name), log);
        int exit;
        try {
            switch (new DeadlockWatch(watched, dir).await(load, gatling, TIMEOUT_SECONDS)) {
                case DeadlockWatch.Outcome.Exited exited -> exit = exited.code();
                case DeadlockWatch.Outcome.Deadlocked deadlocked -> {
                    return new Sent(new FirstRequests.Unanswered(String.format(java.util.Locale.ROOT, "no answer for %d s (%d answered before), and a "
                            + "thread dump of %s proved a deadlock, so the requests' %d s were not waited out", deadlocked.quietSeconds(),
                            deadlocked.answeredBefore(), String.join(" and ", deadlocked.services()), REQUEST_TIMEOUT.toSeconds())), null);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            load.stop(gatling);
            throw new StartFailure("interrupted while the scenario's requests waited");
        } catch (IllegalStateException outlasted) {
            load.requireNotAborted();
            // A request waiting out its timeout after another: the flows were still unanswered, whatever the results say.
            return new Sent(new FirstRequests.Unanswered("the flows were still waiting for answers after " + TIMEOUT_SECONDS + " s"), null);
        }
        // The whole run's totals: a check has no steady window to speak of.
        JsonNode results;
        try {
            results = JsonMapper.builder().build().readTree(resultsFile.toFile());
        } catch (JacksonException e) {
            // A load generator stopped with the experiment writes none: the stop is the reason, not the scenario.
            load.requireNotAborted();
            throw new StartFailure("the scenario's check against the application wrote no results (load generator exit " + exit + "); see " + log);
        }
        long slowest = Math.max(results.path("okLatencyMs").path("max").asLong(-1), results.path("koLatencyMs").path("max").asLong(-1));
        return new Sent(of(results), slowest >= 0 ? slowest : null);
    }

    /** The check's whole-run totals read: a request with no status at all is unanswered, whatever else came back. */
    static FirstRequests of(JsonNode results) {
        long ok = results.path("ok").asLong(), ko = results.path("ko").asLong();
        if (ko == 0 && ok > 0) return new FirstRequests.Answered(ok);
        String reasons = reasons(results.path("koReasons"));
        return reasons.contains(NO_RESPONSE) ? new FirstRequests.Unanswered(reasons + " (each request waited up to " + REQUEST_TIMEOUT.toSeconds() + " s)")
                : new FirstRequests.AnsweredOtherwise(reasons);
    }

    /** The message when every pair's requests were answered, none as the scenario expects: the scenario's to correct. */
    public static String scenarioFault(String reasons, Path dir) {
        return "the scenario failed against the application before anything was measured: " + reasons
                + ". Correct the scenario (./lab check-scenario FILE shows what it sends) or the application; the load generator's log is "
                + dir.resolve("scenario-check.log");
    }

    private static String reasons(JsonNode reasons) {
        if (reasons.isEmpty()) return "no request succeeded";
        List<String> each = new ArrayList<>();
        reasons.properties().forEach(e -> each.add(e.getKey() + (e.getValue().asLong() > 1 ? " (×" + e.getValue().asLong() + ")" : "")));
        return String.join("; ", each);
    }
}
