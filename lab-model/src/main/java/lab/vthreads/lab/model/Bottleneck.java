package lab.vthreads.lab.model;

import com.fasterxml.jackson.annotation.JsonValue;

/** The resource that limits a cell's throughput. */
public enum Bottleneck {
    CPU("CPU"),
    LOAD("load generator's CPU"),
    THREADS("Tomcat threads"),
    POOL("connection pool"),
    CLIENT("users (closed workload)"),
    PINNED("carriers pinned"),
    CEP_CONNECTIONS("CEP client's connections");

    private final String label;

    Bottleneck(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }
}
