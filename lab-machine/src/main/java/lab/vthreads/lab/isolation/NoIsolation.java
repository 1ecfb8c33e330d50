package lab.vthreads.lab.isolation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every process on every CPU, sharing them per thread: what the report flags as not isolated. */
final class NoIsolation implements Isolation {

    private final String cpus;
    private final String reason;

    NoIsolation(String cpus, String reason) {
        this.cpus = cpus;
        this.reason = reason;
    }

    @Override
    public List<String> prefix(String component) {
        return List.of();
    }

    @Override
    public void placeSelf() {
    }

    @Override
    public Integer cpuCount(String component) {
        return null;
    }

    @Override
    public Partition partition() {
        Map<String, Partition.Placement> placements = new LinkedHashMap<>();
        SidePlan.COMPONENTS.forEach(c -> placements.put(c, new Partition.Placement(cpus, null, null)));
        return new Partition(Partition.Mode.NONE, reason, cpus, cpus, placements);
    }

    @Override
    public void close() {
    }
}
