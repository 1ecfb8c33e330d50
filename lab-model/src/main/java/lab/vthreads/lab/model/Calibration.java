package lab.vthreads.lab.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import lab.vthreads.lab.isolation.Partition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one request costs on this machine, measured before the cells: CPU per process, the response time with nothing
 * to wait for, and how the request uses the CEP API and the pool. Every cell's prediction is built from these and the
 * cell's factors.
 *
 * <p>Two open-workload runs with no CEP latency, at rates low enough that nothing queues, give the response time, the
 * request's use of the CEP API and the pool, and CPU per request per process at low load: the slope between the two
 * rates, (CPU₂ − CPU₁) ÷ (X₂ − X₁), so what every process spends regardless of load (metric scrapes, timers, the JIT)
 * cancels out.
 *
 * <p>The CPU bound comes from a third run that saturates the CPU: at low load a request pays for thread wake-ups and
 * idle-to-busy transitions that a saturated machine does not, so the low-load cost overstates the saturated one. That
 * run has the cells' CEP latency, because latency costs CPU too (open connections, timers, wake-ups): calibrated
 * without it, the model over-predicted CPU-bound cells with latency (docs/findings/ has both measurements). Its
 * users are enough to saturate the CPU despite the latency, with every other limit lifted.
 *
 * @param rate                     the higher of the two open rates asked for (req/s); {@code throughput} is what it served
 * @param backgroundCores          CPU the processes used at no load, the intercept of the slope
 * @param saturatedThroughput      what the saturation run reached (req/s)
 * @param saturatedBusy            the share of the whole machine it kept busy, 0..1
 * @param cpuMsPerRequest          per process at low load (gateway-service, pessoa-service, postgres, wiremock, gatling)
 * @param saturatedCpuMsPerRequest per process in the saturation run: the costs the CPU bounds use
 * @param saturationCepMeanMs      the mean CEP latency of the saturation run (the cells')
 * @param saturationUsers          the closed users of the saturation run
 * @param responseMs               the gateway's mean response time at low load (no CEP latency)
 * @param cepLookupsPerRequest     CEP calls per request (the simulation's addresses per person)
 * @param connectionsPerRequest    pool acquisitions per request (0 for an endpoint without the database)
 * @param connectionHoldMs         mean time a connection is held, CEP lookups outside the transaction
 * @param reused                   where an earlier run measured this calibration, for the same build, machine and
 *                                 calibrated cell; null when this run measured it
 * @param probe                    a user's application only: one user through its scenario, with the cells' downstream
 *                                 latency; null for the lab's own services, whose CEP term gives the same figures
 * @param saturatedHalves          the system side's CPU per request in each half of the saturation run's window; null
 *                                 where not measured (a calibration from before it was)
 * @param saturatedProbeMs         how long a fixed pass of work took on the services' CPUs during the saturation run's
 *                                 window ({@code lab.vthreads.lab.metrics.SpeedProbe}): the machine's speed that its costs
 *                                 were measured at; null where no probe ran
 */
public record Calibration(int cores, double rate, double windowSeconds, double throughput, Map<String, Double> cpuMsPerRequest,
                          double responseMs, double cepLookupsPerRequest, double connectionsPerRequest, double connectionHoldMs,
                          double machineBusy, double backgroundCores, double saturatedThroughput, double saturatedBusy,
                          Map<String, Double> saturatedCpuMsPerRequest, double saturationCepMeanMs, int saturationUsers, Reuse reused,
                          Probe probe, Halves saturatedHalves, Double saturatedProbeMs) {

    /** The processes of the system under test; the rest (load generator, CEP mock) are the load side. */
    public static final List<String> SYSTEM = List.of("pessoa-service", "gateway-service", "app", "postgres");

    public Calibration(int cores, double rate, double windowSeconds, double throughput, Map<String, Double> cpuMsPerRequest,
                       double responseMs, double cepLookupsPerRequest, double connectionsPerRequest, double connectionHoldMs,
                       double machineBusy, double backgroundCores, double saturatedThroughput, double saturatedBusy,
                       Map<String, Double> saturatedCpuMsPerRequest, double saturationCepMeanMs, int saturationUsers, Reuse reused) {
        this(cores, rate, windowSeconds, throughput, cpuMsPerRequest, responseMs, cepLookupsPerRequest, connectionsPerRequest, connectionHoldMs,
                machineBusy, backgroundCores, saturatedThroughput, saturatedBusy, saturatedCpuMsPerRequest, saturationCepMeanMs, saturationUsers,
                reused, null, null, null);
    }

    public Calibration(int cores, double rate, double windowSeconds, double throughput, Map<String, Double> cpuMsPerRequest,
                       double responseMs, double cepLookupsPerRequest, double connectionsPerRequest, double connectionHoldMs,
                       double machineBusy, double backgroundCores, double saturatedThroughput, double saturatedBusy,
                       Map<String, Double> saturatedCpuMsPerRequest, double saturationCepMeanMs, int saturationUsers, Reuse reused, Probe probe) {
        this(cores, rate, windowSeconds, throughput, cpuMsPerRequest, responseMs, cepLookupsPerRequest, connectionsPerRequest, connectionHoldMs,
                machineBusy, backgroundCores, saturatedThroughput, saturatedBusy, saturatedCpuMsPerRequest, saturationCepMeanMs, saturationUsers,
                reused, probe, null, null);
    }

    /**
     * The system side's CPU per request (ms) in the first and the second half of the saturation run's window. The CPU
     * bounds take the whole window's; where the halves differ, the services were still settling or swung between
     * states under the same load, and a CPU-bound prediction is good only to about that difference.
     */
    public record Halves(double firstMs, double secondMs) {

        /** The model's own aim: a move beyond it leaves a CPU-bound prediction unable to promise 5%. */
        public static final double SETTLED = 0.05;

        /** How far the second half moved from the first: second ÷ first − 1. */
        public double change() {
            return secondMs / firstMs - 1;
        }

        public boolean settled() {
            return Math.abs(change()) <= SETTLED;
        }

        /**
         * Whether a calibration with these halves may stand for the next runs too: not where its cost moved between
         * them by more than a cell may miss the model by ({@link CapacityModel#SURPRISING}), for then every CPU-bound
         * prediction from it is unsure by more than that.
         */
        public boolean fitToKeep() {
            return Math.abs(change()) <= CapacityModel.SURPRISING;
        }

        /** In words, for the report: "1.92 ms, then 1.71 (-11%)". */
        public String text() {
            return String.format(java.util.Locale.ROOT, "%.2f ms, then %.2f (%+.0f%%)", firstMs, secondMs, change() * 100);
        }
    }

    /**
     * A user's application, measured as its scenario runs it: the lab knows neither how many downstream calls a request
     * makes nor the think time between them, so one closed user with the cells' latency measures both at once. Its
     * response time is what a request holds a Tomcat thread for with nothing queued, and its cycle, 1 ÷ its throughput,
     * is R₀ + Z in Little's law for the closed users.
     *
     * @param responseMs   the application's mean response time (its own http.server.requests), no queueing
     * @param throughput   requests per second one user completed
     * @param poolMeasured whether the application exposes Hikari's metrics; without them there is no pool bound
     */
    public record Probe(double responseMs, double throughput, boolean poolMeasured) {

        /** Little's law for one closed user: R + Z = 1 ÷ X. */
        public double cycleMs() {
            return 1000 / throughput;
        }

        /** The think time per request the cycle implies: the scenario's pauses, and the load generator's own time. */
        public double thinkMs() {
            return Math.max(0, cycleMs() - responseMs);
        }
    }

    /** Whether the next runs may reuse it: its saturated cost held still enough ({@link Halves#fitToKeep}), or was not measured in halves. */
    public boolean fitToKeep() {
        return saturatedHalves == null || saturatedHalves.fitToKeep();
    }

    /** This calibration with the application's single-user probe. */
    public Calibration withProbe(Probe probe) {
        return new Calibration(cores, rate, windowSeconds, throughput, cpuMsPerRequest, responseMs, cepLookupsPerRequest, connectionsPerRequest,
                connectionHoldMs, machineBusy, backgroundCores, saturatedThroughput, saturatedBusy, saturatedCpuMsPerRequest, saturationCepMeanMs,
                saturationUsers, reused, probe, saturatedHalves, saturatedProbeMs);
    }

    public static final List<String> LOAD_SIDE = List.of("gatling", "wiremock");

    /**
     * One calibration run: throughput, mean CPU cores per process, and the request's measured use.
     *
     * @param systemHalves the system side's CPU per request in each half of its window; null where not measured
     * @param probeMs      the speed probe's time per pass over its window; null where no probe ran
     */
    public record Run(double seconds, double throughput, Map<String, Double> cores, double responseMs, double cepLookupsPerRequest,
                      double connectionsPerRequest, double connectionHoldMs, double machineBusy, Halves systemHalves, Double probeMs) {

        public Run(double seconds, double throughput, Map<String, Double> cores, double responseMs, double cepLookupsPerRequest,
                   double connectionsPerRequest, double connectionHoldMs, double machineBusy) {
            this(seconds, throughput, cores, responseMs, cepLookupsPerRequest, connectionsPerRequest, connectionHoldMs, machineBusy, null, null);
        }

        public Run(double seconds, double throughput, Map<String, Double> cores, double responseMs, double cepLookupsPerRequest,
                   double connectionsPerRequest, double connectionHoldMs, double machineBusy, Halves systemHalves) {
            this(seconds, throughput, cores, responseMs, cepLookupsPerRequest, connectionsPerRequest, connectionHoldMs, machineBusy, systemHalves, null);
        }
    }

    /**
     * The slope between a low-rate and a higher-rate run. The lookups and the acquisitions per request come from both
     * runs' requests together: they are the scenario's, whatever the load, and a request's random number of addresses
     * averages out only over many requests. The times come from the low run alone, where nothing queues.
     */
    public static Calibration of(int cores, double highRate, Run low, Run high, Run saturated, double saturationCepMeanMs, int saturationUsers) {
        double dx = high.throughput() - low.throughput();
        if (dx <= 0) {
            throw new IllegalStateException("the calibration's second rate served no more than its first (" + low.throughput() + " vs "
                    + high.throughput() + " req/s): the machine is too busy to calibrate");
        }
        Map<String, Double> cpuMs = new LinkedHashMap<>();
        double background = 0;
        for (String process : low.cores().keySet()) {
            double slope = (high.cores().getOrDefault(process, 0.0) - low.cores().get(process)) / dx;
            cpuMs.put(process, Math.max(0, slope) * 1000);
            background += Math.max(0, low.cores().get(process) - Math.max(0, slope) * low.throughput());
        }
        Map<String, Double> saturatedMs = new LinkedHashMap<>();
        saturated.cores().forEach((process, used) -> saturatedMs.put(process, used / saturated.throughput() * 1000));
        return new Calibration(cores, highRate, low.seconds() + high.seconds(), high.throughput(), cpuMs, low.responseMs(),
                perRequest(low, high, Run::cepLookupsPerRequest), perRequest(low, high, Run::connectionsPerRequest), low.connectionHoldMs(),
                high.machineBusy(), background,
                saturated.throughput(), saturated.machineBusy(), saturatedMs, saturationCepMeanMs, saturationUsers, null, null,
                saturated.systemHalves(), saturated.probeMs());
    }

    /** A count per request over both runs' requests. */
    static double perRequest(Run low, Run high, java.util.function.ToDoubleFunction<Run> count) {
        double lowRequests = low.seconds() * low.throughput(), highRequests = high.seconds() * high.throughput();
        if (!(lowRequests + highRequests > 0)) return count.applyAsDouble(low);
        return (count.applyAsDouble(low) * lowRequests + count.applyAsDouble(high) * highRequests) / (lowRequests + highRequests);
    }

    /**
     * @param measuredIn  the results folder of the run that measured it
     * @param measuredAt  when (ISO-8601)
     * @param fingerprint what it is valid for: the hash of the build, the machine, the partition and the calibrated cell
     */
    public record Reuse(String measuredIn, String measuredAt, String fingerprint) {
    }

    /** This calibration, marked as measured by an earlier run. */
    public Calibration reusedFrom(Reuse reuse) {
        return new Calibration(cores, rate, windowSeconds, throughput, cpuMsPerRequest, responseMs, cepLookupsPerRequest, connectionsPerRequest,
                connectionHoldMs, machineBusy, backgroundCores, saturatedThroughput, saturatedBusy, saturatedCpuMsPerRequest, saturationCepMeanMs,
                saturationUsers, reuse, probe, saturatedHalves, saturatedProbeMs);
    }

    public double totalCpuMsPerRequest() {
        return cpuMsPerRequest.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** CPU per request on the saturated machine: all cores' busy time ÷ requests. */
    @JsonIgnore
    public double saturatedTotalCpuMsPerRequest() {
        return saturatedBusy * cores / saturatedThroughput * 1000;
    }

    /**
     * Each set of CPUs a request needs and what it costs there: the whole machine, or the partition's sides and quotas.
     * The saturated cost, with how it grows as the CPUs empty toward the low-load slope ({@link CpuDemand.LoadDependence}).
     */
    public List<CpuDemand> cpuDemands(Partition partition) {
        if (partition == null || !partition.isolated() || saturatedCpuMsPerRequest == null || saturatedCpuMsPerRequest.isEmpty()) {
            double saturated = saturatedTotalCpuMsPerRequest() / 1000;
            return List.of(CpuDemand.machine(cores, saturated).dependingOnLoad(dependence(cpuMsPerRequest == null ? 0 : totalCpuMsPerRequest() / 1000, saturated, cores)));
        }
        List<CpuDemand> demands = new ArrayList<>();
        demands.add(new CpuDemand(side(partition.systemCpuCount(), partition.systemCpus(), "the services' and PostgreSQL's"),
                partition.systemCpuCount(), sum(SYSTEM) / 1000, Bottleneck.CPU,
                dependence(lowSum(SYSTEM) / 1000, sum(SYSTEM) / 1000, partition.systemCpuCount())));
        demands.add(new CpuDemand(side(partition.loadCpuCount(), partition.loadCpus(), "the load generator's and CEP mock's"),
                partition.loadCpuCount(), sum(LOAD_SIDE) / 1000, Bottleneck.LOAD,
                dependence(lowSum(LOAD_SIDE) / 1000, sum(LOAD_SIDE) / 1000, partition.loadCpuCount())));
        partition.components().forEach((component, placement) -> {
            Double ms = saturatedCpuMsPerRequest.get(component);
            if (placement.quotaCores() != null && ms != null && ms > 0) {
                demands.add(new CpuDemand(component + "'s quota of " + CpuDemand.trim(placement.quotaCores()) + " CPU", placement.quotaCores(),
                        ms / 1000, SYSTEM.contains(component) ? Bottleneck.CPU : Bottleneck.LOAD,
                        dependence(lowSum(List.of(component)) / 1000, ms / 1000, placement.quotaCores())));
            }
        });
        return demands;
    }

    /**
     * The two ends the calibration measured on {@code cores} CPUs: the low-load slope at the higher open rate's
     * throughput, the saturated cost at the saturation run's. Null where the low-load cost was not measured.
     */
    private CpuDemand.LoadDependence dependence(double lowSeconds, double saturatedSeconds, double cores) {
        if (!(lowSeconds > 0) || !(saturatedSeconds > 0) || !(cores > 0)) return null;
        return new CpuDemand.LoadDependence(lowSeconds, throughput * lowSeconds / cores, saturatedThroughput * saturatedSeconds / cores);
    }

    private double lowSum(List<String> processes) {
        return cpuMsPerRequest == null ? 0 : processes.stream().mapToDouble(p -> cpuMsPerRequest.getOrDefault(p, 0.0)).sum();
    }

    private static String side(int cores, String cpus, String whose) {
        return cores + " CPU" + (cores == 1 ? "" : "s") + " (" + cpus + ", " + whose + ")";
    }

    /** The system under test's processes' CPU per request in the saturation run (ms; NaN where not measured). */
    @JsonIgnore
    public double saturatedSystemCpuMsPerRequest() {
        return saturatedCpuMsPerRequest == null ? Double.NaN : sum(SYSTEM);
    }

    private double sum(List<String> processes) {
        return processes.stream().mapToDouble(p -> saturatedCpuMsPerRequest.getOrDefault(p, 0.0)).sum();
    }

    /** The tightest CPU bound: the machine's cores ÷ CPU per request, or the partition's tightest side. */
    public double cpuBound(Partition partition) {
        return cpuDemands(partition).stream().mapToDouble(d -> d.cores() / d.secondsPerRequest()).min().orElse(Double.POSITIVE_INFINITY);
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
    public CellDemand demand(Partition partition, Integer tomcatThreads, int poolSize, boolean cepInsideTransaction, Integer concurrencyLimit,
                             int users, double cepMeanMs, double thinkMs) {
        if (probe != null) return applicationDemand(partition, tomcatThreads, poolSize, users);
        double response = responseMs(cepMeanMs) / 1000;
        double hold = connectionsPerRequest * (connectionHoldMs + (cepInsideTransaction ? cepLookupsPerRequest * cepMeanMs : 0)) / 1000;
        // An endpoint that does not use the database (well under one acquisition per request) has no pool bound.
        boolean usesPool = connectionsPerRequest >= 0.5;
        return new CellDemand(cpuDemands(partition), tomcatThreads, response, usesPool ? poolSize : null, hold, concurrencyLimit, users, response,
                thinkMs / 1000);
    }

    /**
     * A user's application: its response time and think time from the probe, its connections from the low-rate runs.
     * The pool bound uses the acquisitions per request as they are (a page that queries twice holds a connection
     * twice), and is left out, said so, where the application shows no Hikari metrics.
     */
    private CellDemand applicationDemand(Partition partition, Integer tomcatThreads, int poolSize, int users) {
        double response = probe.responseMs() / 1000;
        double hold = connectionsPerRequest * connectionHoldMs / 1000;
        boolean usesPool = probe.poolMeasured() && connectionsPerRequest > 0 && hold > 0;
        List<String> notMeasured = probe.poolMeasured() ? List.of() : List.of("connection pool: the application shows no Hikari metrics");
        return new CellDemand(cpuDemands(partition), tomcatThreads, response, usesPool ? poolSize : null, hold, null, users, response,
                probe.thinkMs() / 1000, notMeasured);
    }
}
