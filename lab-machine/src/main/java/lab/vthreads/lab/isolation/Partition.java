package lab.vthreads.lab.isolation;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.Map;

/**
 * How an experiment's processes shared the machine's CPUs, for results.json and the report.
 *
 * @param mode       cgroup (each component in its own CPU cgroup, equal weights, on its side's CPUs), affinity (only
 *                   pinned to its side's CPUs), or none
 * @param reason     why this mode: what was asked, and what the machine allowed
 * @param loadCpus   the CPUs of the load side: the load generator, the CEP mock, the lab itself
 * @param systemCpus the CPUs of the system under test: both services and PostgreSQL
 * @param components each component's CPUs and CPU quota (cores; null for none)
 */
public record Partition(Mode mode, String reason, String loadCpus, String systemCpus, Map<String, Placement> components) {

    public enum Mode { CGROUP, AFFINITY, NONE }

    /** Where one component ran: its CPUs, and the quota it had on them (cores, null for none). */
    public record Placement(String cpus, Double quotaCores, Integer weight) {
    }

    // Not a property: Jackson would read "is" as a getter prefix and write "olated" into results.json.
    @JsonIgnore
    public boolean isolated() {
        return mode != Mode.NONE;
    }

    /** How many CPUs the system under test had, or null when it shared every CPU with the load side. */
    public Integer systemCpuCount() {
        return isolated() ? CpuSet.parse(systemCpus).size() : null;
    }

    public Integer loadCpuCount() {
        return isolated() ? CpuSet.parse(loadCpus).size() : null;
    }

    /**
     * The CPUs of the whole experiment, both sides. Not the lab's availableProcessors(): once it has moved itself to
     * the load side, that is the load side's count (1 here, on a 2-core machine).
     */
    public int machineCpuCount() {
        return isolated() ? loadCpuCount() + systemCpuCount() : CpuSet.parse(systemCpus).size();
    }
}
