package lab.vthreads.infra.load;

/**
 * The system properties a load generator's JVM is started with: the lab sets them (the lab's {@code LoadProperties}),
 * the simulations read them (the gatling module's {@code LoadParameters}, {@code Shard}, {@code KnownCeps} and
 * {@code ScenarioSimulation}), and a user passes the same names as {@code -D} flags to {@code mvn gatling:test}. Each
 * name is written here once, for both sides, with the type its value has.
 */
public enum LoadProperty {

    /** Where the load goes: the system under test's front door. */
    BASE_URL("baseUrl"),
    /** The CSV of CEPs the CEP API knows, which the lab's simulations send. */
    CEPS("ceps"),
    /** {@link Workload}: closed or open. */
    WORKLOAD("workload"),
    /** The closed workload's concurrent users, all load generators together. */
    USERS("users"),
    /** The open workload's arrivals per second, all load generators together. */
    RATE("rate"),
    /** Seconds of ramp up. */
    RAMP_UP("rampUp"),
    /** Seconds at full load before the measured hold, in the same run: nothing in it is measured. */
    WARMUP("warmup"),
    /** Seconds of the measured hold. */
    HOLD("hold"),
    /** Seconds of ramp down. */
    RAMP_DOWN("rampDown"),
    /** Gatling's assertion on failed requests, in percent (the lab sets 100: a cell with errors is a result, not a crash). */
    MAX_KO_PERCENT("maxKoPercent"),
    /** Gatling's assertion on the 99th percentile, in ms (none by default). */
    MAX_P99_MS("maxP99Ms"),
    /** {@link Client}: how users treat a 503 with Retry-After. */
    CLIENT("client"),
    /** Where the simulation writes its JSON results. */
    RESULTS_FILE("resultsFile"),
    /** Where the simulation publishes its counts while it runs. */
    LIVE_FILE("liveFile"),
    /** How many load generators the load is split over (1: not split). */
    SHARDS("shards"),
    /** Which part of a split load this one is, 0 to shards - 1 (or the indexed Job's JOB_COMPLETION_INDEX). */
    SHARD("shard"),
    /** A user's scenario file, for ScenarioSimulation. */
    SCENARIO("scenario"),
    /**
     * {@code true}: every flow of the scenario once, one user each, at once, instead of the workload: what the lab runs
     * before it measures anything, so that a path the application does not serve is an error, not a cell of failures.
     */
    SCENARIO_CHECK("scenarioCheck"),
    /**
     * With the check: N users at once, the flows taken in turn, never fewer users than flows (one per flow by default).
     * The lab's start-up check hands a cold JVM this burst, since it is many first requests at once that can deadlock one.
     */
    SCENARIO_CHECK_USERS("scenarioCheckUsers"),
    /**
     * {@code true} with the check: the flows one after the other, one user each, the next started when the one before
     * has finished, so that a cold JVM meets one first request at a time (the lab's {@code --first-pass in-turn}).
     */
    SCENARIO_CHECK_IN_TURN("scenarioCheckInTurn");

    private final String key;

    LoadProperty(String key) {
        this.key = key;
    }

    /** The property's name, as {@code -D} takes it. */
    public String key() {
        return key;
    }

    /** Its value in this JVM, or {@code orElse} where it is not set. */
    public String value(String orElse) {
        return System.getProperty(key, orElse);
    }

    /** Its value as a whole number, or {@code orElse} where it is not set. */
    public int intValue(int orElse) {
        return Integer.getInteger(key, orElse);
    }

    /** Whether it is set to {@code true}. */
    public boolean isTrue() {
        return Boolean.getBoolean(key);
    }

    /** The two workloads a simulation runs, as {@link #WORKLOAD} names them. */
    public enum Workload {
        /** A fixed number of concurrent users, each sending its next request as soon as the last one is answered. */
        CLOSED,
        /** New requests arrive at a rate per second, whatever the response times. */
        OPEN;

        /** As the property writes it. */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** As the property writes it, also where a results file records it. */
        @Override
        public String toString() {
            return text();
        }

        public static Workload of(String text) {
            for (Workload workload : values()) if (workload.text().equals(text)) return workload;
            throw new IllegalArgumentException("-D" + WORKLOAD.key + " must be closed or open, not " + text);
        }
    }

    /** How a simulation's users treat a 503 with Retry-After, as {@link #CLIENT} names them. */
    public enum Client {
        /** A refused request is a failed one, and the user's replacement sends at once (load generators' default). */
        IMPATIENT,
        /** A 503 with Retry-After is retried after it, with back-off and jitter, as real clients do. */
        PATIENT;

        /** As the property writes it. */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** As the property writes it, also where a results file records it. */
        @Override
        public String toString() {
            return text();
        }

        public static Client of(String text) {
            for (Client client : values()) if (client.text().equals(text)) return client;
            throw new IllegalArgumentException("-D" + CLIENT.key + " must be impatient or patient, not " + text);
        }
    }
}
