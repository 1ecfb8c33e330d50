package lab.vthreads.lab.stack;

/**
 * What the services run with when a factor is not set: Spring Boot's and HikariCP's own defaults, written down once
 * so the stack's description, the capacity model and the report agree with what really ran.
 */
public final class ServiceDefaults {

    /** {@code server.tomcat.threads.max}. */
    public static final int TOMCAT_THREADS = 200;
    /** HikariCP's {@code maximumPoolSize}. */
    public static final int POOL_SIZE = 10;
    /** HikariCP's {@code connectionTimeout}, in ms. */
    public static final int POOL_TIMEOUT_MS = 30_000;
    /** {@code lab.cep.max-connections} of both implementations of the service: high enough never to bind. */
    public static final int CEP_MAX_CONNECTIONS = 2000;

    private ServiceDefaults() {
    }
}
