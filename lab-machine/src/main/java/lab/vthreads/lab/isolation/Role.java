package lab.vthreads.lab.isolation;

/** Which side of the partition a process belongs to. */
public enum Role {
    /**
     * The services (the lab's two, or a user's application) and PostgreSQL: what the experiment measures; and the probe
     * that times the speed of their CPUs.
     */
    SYSTEM_UNDER_TEST,
    /** The load generator, the CEP mock (the world outside the system) and the lab's own JVM (the observer). */
    LOAD;

    /** The lab's components by name; anything else is on the load side. */
    public static Role of(String component) {
        return switch (component) {
            case "postgres", "pessoa-service", "gateway-service", "app", lab.vthreads.lab.metrics.SpeedProbe.COMPONENT -> SYSTEM_UNDER_TEST;
            default -> LOAD;
        };
    }
}
