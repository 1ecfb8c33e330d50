package lab.vthreads.lab.model;

import java.util.Map;

/**
 * What one request costs on this machine, measured before the cells at two low, fixed arrival rates with no CEP
 * latency, so nothing queues: CPU per process, the response time with nothing to wait for, and how the request
 * uses the CEP API and the pool. Every cell's prediction is built from these and the cell's factors.
 *
 * <p>CPU per request is the slope between the two rates, (CPU₂ − CPU₁) ÷ (X₂ − X₁): what every process spends
 * regardless of load (metric scrapes, timers, the JIT still compiling) cancels out, and only the per-request cost
 * remains. Divided by one rate instead, that background made requests look several times dearer.
 *
 * <p>Even the slope overstates what a request costs when the machine is busy: on this VM a request at 30–90 req/s
 * paid for thread wake-ups and idle-to-busy transitions that a saturated machine does not (the primes path cost
 * 7.0 ms at low load and 4.2 ms at saturation). So the calibration also saturates the CPU once, with a few closed
 * users and no CEP latency, and the CPU bound comes from there: the throughput it reached ÷ the share of the
 * machine it kept busy. The low-load figures stay in the report, per process, to show where the CPU goes.
 *
 * @param backgroundCores       CPU the processes used at no load, the intercept of the same line
 * @param saturatedThroughput   what the saturation run reached (req/s)
 * @param saturatedBusy         the share of the machine it kept busy, 0..1
 * @param cpuMsPerRequest       per process (gateway-service, pessoa-service, postgres, wiremock, gatling)
 * @param responseMs            the gateway's mean response time at this load (no CEP latency)
 * @param cepLookupsPerRequest  CEP calls per request (the simulation's addresses per person)
 * @param connectionsPerRequest pool acquisitions per request (0 for an endpoint without the database)
 * @param connectionHoldMs      mean time a connection is held, CEP lookups outside the transaction
 */
public record Calibration(int cores, double rate, double windowSeconds, double throughput, Map<String, Double> cpuMsPerRequest,
                          double responseMs, double cepLookupsPerRequest, double connectionsPerRequest, double connectionHoldMs,
                          double machineBusy, double backgroundCores, double saturatedThroughput, double saturatedBusy) {

    /** One calibration run at a fixed rate: throughput, mean CPU cores per process, and the request's measured use. */
    public record Run(double seconds, double throughput, Map<String, Double> cores, double responseMs, double cepLookupsPerRequest,
                      double connectionsPerRequest, double connectionHoldMs, double machineBusy) {
    }

    /** The slope between a low-rate and a higher-rate run; everything else from the low one, where nothing queues. */
    public static Calibration of(int cores, Run low, Run high, Run saturated) {
        double dx = high.throughput() - low.throughput();
        if (dx <= 0) {
            throw new IllegalStateException("the calibration's second rate served no more than its first (" + low.throughput() + " vs "
                    + high.throughput() + " req/s): the machine is too busy to calibrate");
        }
        Map<String, Double> cpuMs = new java.util.LinkedHashMap<>();
        double background = 0;
        for (String process : low.cores().keySet()) {
            double slope = (high.cores().getOrDefault(process, 0.0) - low.cores().get(process)) / dx;
            cpuMs.put(process, Math.max(0, slope) * 1000);
            background += Math.max(0, low.cores().get(process) - Math.max(0, slope) * low.throughput());
        }
        return new Calibration(cores, high.throughput(), low.seconds() + high.seconds(), high.throughput(), cpuMs, low.responseMs(),
                low.cepLookupsPerRequest(), low.connectionsPerRequest(), low.connectionHoldMs(), high.machineBusy(), background,
                saturated.throughput(), saturated.machineBusy());
    }

    public double totalCpuMsPerRequest() {
        return cpuMsPerRequest.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** CPU per request on the saturated machine: all cores' busy time ÷ requests. */
    public double saturatedCpuMsPerRequest() {
        return saturatedBusy * cores / saturatedThroughput * 1000;
    }

    /** The machine's CPU bound for this request mix: cores ÷ CPU per request at saturation. */
    public double cpuBound() {
        return cores / (saturatedCpuMsPerRequest() / 1000);
    }

    /** The response time with no queueing, once the CEP API answers after {@code cepMeanMs}. */
    public double responseMs(double cepMeanMs) {
        return responseMs + cepLookupsPerRequest * cepMeanMs;
    }

    /**
     * One cell's demand.
     *
     * @param tomcatThreads null in virtual mode
     * @param poolSize      the pool's size (Spring's default is 10)
     */
    public CellDemand demand(Integer tomcatThreads, int poolSize, boolean cepInsideTransaction, Integer concurrencyLimit, int users,
                             double cepMeanMs, double thinkMs) {
        double response = responseMs(cepMeanMs) / 1000;
        double hold = connectionsPerRequest * (connectionHoldMs + (cepInsideTransaction ? cepLookupsPerRequest * cepMeanMs : 0)) / 1000;
        // An endpoint that does not use the database (well under one acquisition per request) has no pool bound.
        boolean usesPool = connectionsPerRequest >= 0.5;
        return new CellDemand(cores, saturatedCpuMsPerRequest() / 1000, tomcatThreads, response, usesPool ? poolSize : null, hold,
                concurrencyLimit, users, response, thinkMs / 1000);
    }
}
