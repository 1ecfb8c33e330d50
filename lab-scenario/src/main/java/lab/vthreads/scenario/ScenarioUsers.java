package lab.vthreads.scenario;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands each new user its values: one row of every payload, {@code $unique} and {@code $uuid}, and the flow it runs
 * (under {@link #FLOW}, its index in the scenario). Safe to call from the load generator's many threads.
 *
 * <p>{@code $unique} is this load generator's part of the run's numbers ({@code shard} of {@code shards}, so that load
 * generators run side by side never share one), above a base taken from the clock, so that a second run against the
 * same database does not repeat the first's.
 */
public final class ScenarioUsers {

    public static final String FLOW = "flow";

    private final Scenario scenario;
    private final int shard;
    private final int shards;
    private final long base;
    private final AtomicLong users = new AtomicLong();
    private final AtomicLong[] nextRow;
    private final int[] turns;

    public ScenarioUsers(Scenario scenario, int shard, int shards) {
        this(scenario, shard, shards, System.currentTimeMillis() * 1_000_000L);
    }

    ScenarioUsers(Scenario scenario, int shard, int shards, long base) {
        if (shards < 1 || shard < 0 || shard >= shards) throw new IllegalArgumentException("shard " + shard + " of " + shards);
        this.scenario = scenario;
        this.shard = shard;
        this.shards = shards;
        this.base = base;
        this.nextRow = new AtomicLong[scenario.payloads().size()];
        for (int i = 0; i < nextRow.length; i++) nextRow[i] = new AtomicLong(shard);
        List<Flow> flows = scenario.flows();
        this.turns = flows.stream().flatMapToInt(f -> java.util.stream.IntStream.generate(() -> flows.indexOf(f)).limit(f.weight())).toArray();
    }

    /** The next user's values. */
    public Map<String, Object> next() {
        long n = users.getAndIncrement();
        Map<String, Object> values = new HashMap<>();
        List<Payload> payloads = scenario.payloads();
        for (int i = 0; i < payloads.size(); i++) {
            Payload payload = payloads.get(i);
            int size = payload.rows().size();
            int row = payload.order() == Payload.Order.RANDOM ? ThreadLocalRandom.current().nextInt(size)
                    : (int) Math.floorMod(nextRow[i].getAndAdd(shards), (long) size);
            values.putAll(payload.rows().get(row));
        }
        long unique = base + n * shards + shard;
        values.put("$unique", Long.toString(unique));
        values.put("$uniqueLetters", Template.letters(unique));
        values.put("$uniqueHex", Template.hex(unique));
        values.put("$uuid", UUID.randomUUID().toString());
        values.put(FLOW, scenario.pick() == Scenario.Pick.IN_TURN ? turns[(int) (n % turns.length)] : weighted());
        return values;
    }

    private int weighted() {
        int total = turns.length;
        return turns[ThreadLocalRandom.current().nextInt(total)];
    }
}
