package lab.vthreads.lab.model;

import java.util.List;

/**
 * What one cell asks of the machine, per request, in seconds: the model's input. Built from the calibration and the
 * cell's factors by {@link Calibration#demand}.
 *
 * @param cpus                    each set of CPUs the request needs and its cost there: the whole machine, or, when
 *                                the lab partitions it, the system under test's CPUs, the load side's, and any
 *                                component's quota
 * @param tomcatThreads           null when requests run on virtual threads: there is no thread pool to bound them
 * @param threadHoldSeconds       how long a request holds a Tomcat thread; the gateway's thread spans the whole
 *                                request, so it is the response time without queueing
 * @param poolSize                null when the requests do not use the database
 * @param connectionHoldSeconds   how long a request holds a pooled connection
 * @param concurrencyLimit        the backpressure limit on concurrent database work, or null
 * @param responseSeconds         the response time with no queueing anywhere (the sum of the service demands)
 * @param thinkSeconds            the closed workload's pause between a user's requests
 * @param notMeasured             the bounds the calibration could not measure, in words, so that the prediction names them
 */
public record CellDemand(List<CpuDemand> cpus, Integer tomcatThreads, double threadHoldSeconds, Integer poolSize,
                         double connectionHoldSeconds, Integer concurrencyLimit, int users, double responseSeconds, double thinkSeconds,
                         List<String> notMeasured) {

    public CellDemand {
        cpus = List.copyOf(cpus);
        notMeasured = List.copyOf(notMeasured);
    }

    public CellDemand(List<CpuDemand> cpus, Integer tomcatThreads, double threadHoldSeconds, Integer poolSize, double connectionHoldSeconds,
                      Integer concurrencyLimit, int users, double responseSeconds, double thinkSeconds) {
        this(cpus, tomcatThreads, threadHoldSeconds, poolSize, connectionHoldSeconds, concurrencyLimit, users, responseSeconds, thinkSeconds, List.of());
    }

    /** On a machine the lab does not partition: every process on all {@code cores}. */
    public CellDemand(double cores, double cpuSecondsPerRequest, Integer tomcatThreads, double threadHoldSeconds, Integer poolSize,
                      double connectionHoldSeconds, Integer concurrencyLimit, int users, double responseSeconds, double thinkSeconds) {
        this(List.of(CpuDemand.machine(cores, cpuSecondsPerRequest)), tomcatThreads, threadHoldSeconds, poolSize, connectionHoldSeconds,
                concurrencyLimit, users, responseSeconds, thinkSeconds);
    }
}
