package lab.vthreads.lab.isolation;

import java.util.List;
import java.util.OptionalDouble;

/**
 * Keeps the load generator off the CPUs of the system under test, and, where the machine allows, gives every
 * component a CPU share that does not depend on how many threads it runs.
 *
 * <p>Why: Linux shares CPU between runnable threads, not processes. With everything on the same cores, a service
 * with a hundred runnable platform threads takes CPU from the load generator, PostgreSQL and the CEP mock that the
 * same service with two virtual-thread carriers leaves to them, so the thread model moves numbers that should not
 * move (the load generator's CPU per request, measured in docs/findings/).
 */
public interface Isolation extends AutoCloseable {

    /** What to put before a component's command so that it starts in its place. */
    List<String> prefix(String component);

    /**
     * Lets these components run on every allowed CPU while they start, until {@link #narrowAfterStart}. Nothing is
     * measured then and the load generator is not running, so the partition has nothing to protect, and two JVMs
     * starting on the system side's one CPU would do the JIT and class loading of both on one core.
     */
    default void widenForStart(List<String> components) {
    }

    /** Puts the components back on their side's CPUs, before any load: what they run with from here on. */
    default void narrowAfterStart(List<String> components) {
    }

    /**
     * While {@code favour} holds, the services' JIT compilers get the CPU they ask for ahead of everything else: for a
     * prewarm, which measures nothing and ends when the compilers have done their work. Back to equal weights after.
     */
    default void favourCompilers(boolean favour) {
    }

    /**
     * The CPU time, in seconds since its group was made, of everything that ran as this component, or empty where the
     * machine keeps no such count for it (no cgroup): then a process's own figures are all there is.
     */
    default OptionalDouble cpuSeconds(String component) {
        return OptionalDouble.empty();
    }

    /** Moves the lab's own JVM (the observer) to the load side. */
    void placeSelf();

    /** How many CPUs a component may run on, so its JVM sizes itself to them; null when it has every CPU. */
    Integer cpuCount(String component);

    /** What the components had: for results.json and the report. */
    Partition partition();

    /** Undoes what was set up (cgroups removed); the components must be stopped first. */
    @Override
    void close();

    /** How the command line asks for it. */
    enum Request {
        /** cgroups where the machine allows them, else CPU affinity, else none (and the report says so). */
        AUTO,
        CGROUP,
        AFFINITY,
        OFF
    }
}
