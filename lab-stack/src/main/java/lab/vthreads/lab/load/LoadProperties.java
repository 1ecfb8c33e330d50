package lab.vthreads.lab.load;

import lab.vthreads.infra.load.LoadProperty;
import lab.vthreads.infra.load.LoadProperty.Client;
import lab.vthreads.infra.load.LoadProperty.Workload;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The system properties a simulation reads ({@code LoadParameters} in the gatling module), by their shared names
 * ({@link LoadProperty}): the lab's side of that contract. Start with {@link #closed} or {@link #open}, then add what the run needs.
 */
public final class LoadProperties {

    private final Map<String, String> properties = new LinkedHashMap<>();

    private LoadProperties(String baseUrl, Path cepsCsv) {
        put(LoadProperty.BASE_URL, baseUrl);
        put(LoadProperty.CEPS, cepsCsv.toString());
        // The lab records errors instead of asserting on them: a cell with errors is a result, not a crash.
        put(LoadProperty.MAX_KO_PERCENT, "100");
    }

    /** {@code users} concurrent users, each sending again as soon as answered. */
    public static LoadProperties closed(String baseUrl, Path cepsCsv, int users) {
        LoadProperties load = new LoadProperties(baseUrl, cepsCsv);
        load.put(LoadProperty.WORKLOAD, Workload.CLOSED.text());
        load.put(LoadProperty.USERS, Integer.toString(users));
        return load;
    }

    /** New requests at {@code rate} per second, whatever the response times. */
    public static LoadProperties open(String baseUrl, Path cepsCsv, int rate) {
        LoadProperties load = new LoadProperties(baseUrl, cepsCsv);
        load.put(LoadProperty.WORKLOAD, Workload.OPEN.text());
        load.put(LoadProperty.RATE, Integer.toString(rate));
        return load;
    }

    /** Where the load goes: the system under test's front door. */
    public String baseUrl() {
        return properties.get(LoadProperty.BASE_URL.key());
    }

    /** The closed workload's users; null for an open one. */
    public Integer users() {
        String users = properties.get(LoadProperty.USERS.key());
        return users == null ? null : Integer.valueOf(users);
    }

    /** Ramp up, hold, ramp down, in seconds. */
    public LoadProperties profile(int rampUp, int hold, int rampDown) {
        put(LoadProperty.RAMP_UP, Integer.toString(rampUp));
        put(LoadProperty.HOLD, Integer.toString(hold));
        put(LoadProperty.RAMP_DOWN, Integer.toString(rampDown));
        return this;
    }

    /**
     * Seconds at full load before the measured hold, in the same run: the services and the load generator's own JVM
     * warm up there, and nothing in it is measured.
     */
    public LoadProperties warmup(int seconds) {
        put(LoadProperty.WARMUP, Integer.toString(seconds));
        return this;
    }

    /** How users treat a 503 with Retry-After: impatient or patient (null keeps the simulation's default, impatient). */
    public LoadProperties client(String client) {
        if (client != null) put(LoadProperty.CLIENT, Client.of(client).text());
        return this;
    }

    /**
     * A scenario's check instead of its workload (ScenarioSimulation's {@code scenarioCheck}): each flow once, by one
     * user each; the run ends when they have.
     */
    public LoadProperties everyFlowOnce() {
        put(LoadProperty.SCENARIO_CHECK, "true");
        return this;
    }

    /** Every flow once, by one user, one flow after the other: one first request at a time. */
    public LoadProperties everyFlowInTurn() {
        put(LoadProperty.SCENARIO_CHECK, "true");
        put(LoadProperty.SCENARIO_CHECK_IN_TURN, "true");
        return this;
    }

    /**
     * The scenario's flows, taken in turn by {@code users} users who all start at once (at least one per flow): a burst
     * of first requests.
     */
    public LoadProperties everyFlowAtOnce(int users) {
        put(LoadProperty.SCENARIO_CHECK, "true");
        put(LoadProperty.SCENARIO_CHECK_USERS, Integer.toString(users));
        return this;
    }

    /** How long a request waits for its answer before it counts as "no response" (Gatling's {@code gatling.http.requestTimeout}, 60 s by default). */
    public LoadProperties requestTimeout(java.time.Duration timeout) {
        properties.put("gatling.http.requestTimeout", Long.toString(timeout.toMillis()));
        return this;
    }

    /** Where the simulation writes its JSON results ({@link GatlingResults} reads them). */
    public LoadProperties resultsFile(Path file) {
        put(LoadProperty.RESULTS_FILE, file.toString());
        return this;
    }

    /** The results file set by {@link #resultsFile(Path)}; null when none is. */
    public Path resultsFile() {
        String file = properties.get(LoadProperty.RESULTS_FILE.key());
        return file == null ? null : Path.of(file);
    }

    /** Where the simulation publishes its counts while it runs ({@link LoadCounts} reads them). */
    public LoadProperties liveFile(Path file) {
        put(LoadProperty.LIVE_FILE, file.toString());
        return this;
    }

    private void put(LoadProperty property, String value) {
        properties.put(property.key(), value);
    }

    public Map<String, String> asMap() {
        return Map.copyOf(properties);
    }
}
