package lab.vthreads.lab.model;

/**
 * Some CPUs and what one request costs on them: the utilisation law gives {@code cores ÷ secondsPerRequest}.
 *
 * @param what              which CPUs, and whose requests they serve, in words for the report
 * @param secondsPerRequest the cost on a saturated CPU: the bounds' figure
 * @param resource          {@link Bottleneck#CPU} for the system under test's CPUs (or the whole machine when it is not
 *                          partitioned), {@link Bottleneck#LOAD} for the load side's
 * @param loadDependence    how the cost grows as the CPU empties, where the calibration measured it; null for a cost
 *                          the same at every load
 */
public record CpuDemand(String what, double cores, double secondsPerRequest, Bottleneck resource, LoadDependence loadDependence) {

    public CpuDemand(String what, double cores, double secondsPerRequest, Bottleneck resource) {
        this(what, cores, secondsPerRequest, resource, null);
    }

    /** Every process on every core: the machine as one pool. */
    public static CpuDemand machine(double cores, double secondsPerRequest) {
        return new CpuDemand(trim(cores) + " cores", cores, secondsPerRequest, Bottleneck.CPU);
    }

    /**
     * The CPU per request falls from its low-load value to its saturated one as the CPU fills: at low load a request
     * pays for wake-ups and idle-to-busy transitions that a busy CPU does not (the calibration measures both ends).
     * Between the two points, linear in the CPUs' utilisation; outside them, the nearer point's cost.
     *
     * @param lowSecondsPerRequest the low-load cost (the calibration's slope between two open rates)
     * @param lowBusy              the utilisation of these CPUs that cost makes at the higher of those rates, 0..1
     * @param saturatedBusy        the utilisation the saturated cost makes at the saturation run's throughput, 0..1
     */
    public record LoadDependence(double lowSecondsPerRequest, double lowBusy, double saturatedBusy) {
    }

    /** The cost per request with these CPUs {@code busy} (0..1) by requests alone. */
    public double secondsPerRequestAt(double busy) {
        LoadDependence d = loadDependence;
        if (d == null || !(d.lowSecondsPerRequest() > 0) || !(d.saturatedBusy() > d.lowBusy()) || Double.isNaN(busy)) return secondsPerRequest;
        double towardsLow = Math.clamp((d.saturatedBusy() - busy) / (d.saturatedBusy() - d.lowBusy()), 0.0, 1.0);
        return secondsPerRequest + (d.lowSecondsPerRequest() - secondsPerRequest) * towardsLow;
    }

    /** This cost, dependent on the load as {@code dependence} says. */
    public CpuDemand dependingOnLoad(LoadDependence dependence) {
        return new CpuDemand(what, cores, secondsPerRequest, resource, dependence);
    }

    static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
