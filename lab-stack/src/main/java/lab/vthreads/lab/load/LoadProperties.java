package lab.vthreads.lab.load;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The system properties a simulation reads ({@code LoadParameters} in the gatling module): the lab's side of that
 * contract, so each name is written once. Start with {@link #closed} or {@link #open}, then add what the run needs.
 */
public final class LoadProperties {

    private final Map<String, String> properties = new LinkedHashMap<>();

    private LoadProperties(String baseUrl, Path cepsCsv) {
        properties.put("baseUrl", baseUrl);
        properties.put("ceps", cepsCsv.toString());
        // The lab records errors instead of asserting on them: a cell with errors is a result, not a crash.
        properties.put("maxKoPercent", "100");
    }

    /** {@code users} concurrent users, each sending again as soon as answered. */
    public static LoadProperties closed(String baseUrl, Path cepsCsv, int users) {
        LoadProperties load = new LoadProperties(baseUrl, cepsCsv);
        load.properties.put("workload", "closed");
        load.properties.put("users", Integer.toString(users));
        return load;
    }

    /** New requests at {@code rate} per second, whatever the response times. */
    public static LoadProperties open(String baseUrl, Path cepsCsv, int rate) {
        LoadProperties load = new LoadProperties(baseUrl, cepsCsv);
        load.properties.put("workload", "open");
        load.properties.put("rate", Integer.toString(rate));
        return load;
    }

    /** Where the load goes: the system under test's front door. */
    public String baseUrl() {
        return properties.get("baseUrl");
    }

    /** The closed workload's users; null for an open one. */
    public Integer users() {
        String users = properties.get("users");
        return users == null ? null : Integer.valueOf(users);
    }

    /** Ramp up, hold, ramp down, in seconds. */
    public LoadProperties profile(int rampUp, int hold, int rampDown) {
        properties.put("rampUp", Integer.toString(rampUp));
        properties.put("hold", Integer.toString(hold));
        properties.put("rampDown", Integer.toString(rampDown));
        return this;
    }

    /**
     * Seconds at full load before the measured hold, in the same run: the services and the load generator's own JVM
     * warm up there, and nothing in it is measured.
     */
    public LoadProperties warmup(int seconds) {
        properties.put("warmup", Integer.toString(seconds));
        return this;
    }

    /** How users treat a 503 with Retry-After: impatient or patient (null keeps the simulation's default, impatient). */
    public LoadProperties client(String client) {
        if (client != null) properties.put("client", client);
        return this;
    }

    /**
     * A scenario's check instead of its workload (ScenarioSimulation's {@code scenarioCheck}): each flow once, by one
     * user each; the run ends when they have.
     */
    public LoadProperties everyFlowOnce() {
        properties.put("scenarioCheck", "true");
        return this;
    }

    /** Every flow once, by one user, one flow after the other: one first request at a time. */
    public LoadProperties everyFlowInTurn() {
        properties.put("scenarioCheck", "true");
        properties.put("scenarioCheckInTurn", "true");
        return this;
    }

    /**
     * The scenario's flows, taken in turn by {@code users} users who all start at once (at least one per flow): a burst
     * of first requests.
     */
    public LoadProperties everyFlowAtOnce(int users) {
        properties.put("scenarioCheck", "true");
        properties.put("scenarioCheckUsers", Integer.toString(users));
        return this;
    }

    /** How long a request waits for its answer before it counts as "no response" (Gatling's {@code gatling.http.requestTimeout}, 60 s by default). */
    public LoadProperties requestTimeout(java.time.Duration timeout) {
        properties.put("gatling.http.requestTimeout", Long.toString(timeout.toMillis()));
        return this;
    }

    /** Where the simulation writes its JSON results ({@link GatlingResults} reads them). */
    public LoadProperties resultsFile(Path file) {
        properties.put("resultsFile", file.toString());
        return this;
    }

    /** The results file set by {@link #resultsFile(Path)}; null when none is. */
    public Path resultsFile() {
        String file = properties.get("resultsFile");
        return file == null ? null : Path.of(file);
    }

    /** Where the simulation publishes its counts while it runs ({@link LoadCounts} reads them). */
    public LoadProperties liveFile(Path file) {
        properties.put("liveFile", file.toString());
        return this;
    }

    public Map<String, String> asMap() {
        return Map.copyOf(properties);
    }
}
