package lab.vthreads.lab.isolation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which CPUs each side gets. The load side (load generator, CEP mock, the lab) needs about a quarter of what the
 * system under test needs per request (measured here: Gatling and WireMock ~1.9 ms of CPU, the services and
 * PostgreSQL ~4 ms), so it gets a quarter of the CPUs, at least one; the system under test gets the rest.
 *
 * @param quotas explicit CPU limits by component (cores), as a preset's {@code limits} or {@code --limit} give them
 */
public record SidePlan(CpuSet allowed, CpuSet load, CpuSet system, Map<String, Double> quotas) {

    /** The components whose places the partition records. */
    public static final List<String> COMPONENTS = List.of("postgres", "wiremock", "pessoa-service", "gateway-service", "app",
            lab.vthreads.lab.metrics.SpeedProbe.COMPONENT, "gatling", "lab");

    public static SidePlan split(CpuSet allowed, Map<String, Double> quotas) {
        if (allowed.size() < 2) {
            throw new IllegalArgumentException("one CPU: the load generator cannot be kept off the services' CPUs");
        }
        int loadCount = Math.max(1, allowed.size() / 4);
        return new SidePlan(allowed, allowed.first(loadCount), allowed.after(loadCount), Map.copyOf(quotas));
    }

    public CpuSet cpusOf(String component) {
        return Role.of(component) == Role.LOAD ? load : system;
    }

    public Double quotaOf(String component) {
        return quotas.get(component);
    }

    /** The partition as recorded, with the weight each component had (null where weights were not set). */
    Partition partition(Partition.Mode mode, String reason, Integer weight) {
        Map<String, Partition.Placement> placements = new LinkedHashMap<>();
        for (String component : COMPONENTS) {
            placements.put(component, new Partition.Placement(cpusOf(component).toString(), mode == Partition.Mode.CGROUP ? quotaOf(component) : null,
                    weight));
        }
        return new Partition(mode, reason, load.toString(), system.toString(), placements);
    }
}
