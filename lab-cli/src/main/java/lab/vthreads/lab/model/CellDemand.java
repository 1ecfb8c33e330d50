package lab.vthreads.lab.model;

/**
 * What one cell asks of the machine, per request, in seconds: the model's input. Built from the calibration and the
 * cell's factors by {@link Calibration#demand}.
 *
 * @param cpuSecondsPerRequest    CPU of every process on the path (gateway, pessoa-service, PostgreSQL, WireMock,
 *                                the load generator) per request
 * @param tomcatThreads           null when requests run on virtual threads: there is no thread pool to bound them
 * @param threadHoldSeconds       how long a request holds a Tomcat thread; the gateway's thread spans the whole
 *                                request, so it is the response time without queueing
 * @param poolSize                null when the requests do not use the database
 * @param connectionHoldSeconds   how long a request holds a pooled connection
 * @param concurrencyLimit        the backpressure limit on concurrent database work, or null
 * @param responseSeconds         the response time with no queueing anywhere (the sum of the service demands)
 * @param thinkSeconds            the closed workload's pause between a user's requests
 */
public record CellDemand(double cores, double cpuSecondsPerRequest, Integer tomcatThreads, double threadHoldSeconds, Integer poolSize,
                         double connectionHoldSeconds, Integer concurrencyLimit, int users, double responseSeconds, double thinkSeconds) {
}
