package lab.vthreads.lab.isolation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The sides pinned to their CPUs with {@code taskset}: the load generator stays off the services' CPUs, but on each
 * side the CPU is still shared per thread. What the lab uses where it may not write cgroups.
 */
final class AffinityIsolation implements Isolation {

    static final String TASKSET = "/usr/bin/taskset";

    private final SidePlan plan;
    private final String reason;

    AffinityIsolation(SidePlan plan, String reason) {
        this.plan = plan;
        this.reason = reason;
    }

    @Override
    public List<String> prefix(String component) {
        return List.of(TASKSET, "-c", plan.cpusOf(component).toString());
    }

    @Override
    public void placeSelf() {
        try {
            Process taskset = new ProcessBuilder(TASKSET, "-a", "-p", "-c", plan.cpusOf("lab").toString(), Long.toString(ProcessHandle.current().pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (taskset.waitFor() != 0) {
                throw new IllegalStateException("taskset could not pin the lab (exit " + taskset.exitValue() + ")");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Integer cpuCount(String component) {
        return plan.cpusOf(component).size();
    }

    @Override
    public Partition partition() {
        return plan.partition(Partition.Mode.AFFINITY, reason + "; each side pinned with taskset, CPU time on a side still shared per thread",
                null);
    }

    @Override
    public void close() {
    }
}
