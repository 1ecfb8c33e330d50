package lab.vthreads.lab.model;

/** An upper bound on throughput from one resource, with the arithmetic that gave it, for the report. */
public record Bound(Bottleneck resource, double throughput, String formula) {
}
