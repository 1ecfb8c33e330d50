package lab.vthreads.lab.stack;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * How pessoa-service serves its requests: on Tomcat's pool of platform threads, on a virtual thread each, or as the
 * reactive contender (pessoa-service-reactive: WebFlux on Reactor Netty's event loops, R2DBC, WebClient), which keeps
 * the same contract. The gateway in front is the same Spring MVC gateway in every mode; in the reactive mode it runs on
 * virtual threads, so that it binds nothing the virtual mode's gateway does not.
 */
public enum ThreadMode {
    PLATFORM, VIRTUAL, REACTIVE;

    /** Whether pessoa-service runs its requests on virtual threads (the JFR pinning and the thread dumps watch them). */
    public boolean virtual() {
        return this == VIRTUAL;
    }

    public boolean reactive() {
        return this == REACTIVE;
    }

    /** Whether its requests run on threads: the two modes a verdict compares, and any other mode's cells are held against. */
    public boolean onThreads() {
        return this != REACTIVE;
    }

    /** The modes whose requests run on threads, in order. */
    public static java.util.List<ThreadMode> threadModes() {
        return java.util.Arrays.stream(values()).filter(ThreadMode::onThreads).toList();
    }

    /** What serves the requests in this mode and how, in words, for the report's table that holds it against the thread modes. */
    public String servedBy() {
        return switch (this) {
            case PLATFORM -> "pessoa-service on Tomcat's pool of platform threads";
            case VIRTUAL -> "pessoa-service on a virtual thread per request";
            case REACTIVE -> "pessoa-service-reactive (WebFlux, R2DBC, WebClient; the same contract, the same pool size and CEP lookups one "
                    + "after another)";
        };
    }

    /** Whether a request holds one of Tomcat's pool threads in pessoa-service for its whole life: only on platform threads. */
    public boolean boundByTomcatThreads() {
        return this == PLATFORM;
    }

    /** What pessoa-service runs each request on in this mode, in words. */
    public String requestsRunOn() {
        return switch (this) {
            case PLATFORM -> "platform threads";
            case VIRTUAL -> "virtual threads";
            case REACTIVE -> "event loops";
        };
    }

    /** The pool pessoa-service takes its database connections from in this mode. */
    public String connectionPool() {
        return this == REACTIVE ? "R2DBC" : "Hikari";
    }

    /** spring.threads.virtual.enabled for the gateway in this mode. */
    public boolean gatewayOnVirtualThreads() {
        return this != PLATFORM;
    }

    /** How presets and results.json spell it. */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
