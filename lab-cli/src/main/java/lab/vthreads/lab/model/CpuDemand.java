package lab.vthreads.lab.model;

/**
 * Some CPUs and what one request costs on them: the utilisation law gives {@code cores ÷ secondsPerRequest}.
 *
 * @param what     which CPUs, and whose requests they serve, in words for the report
 * @param resource {@link Bottleneck#CPU} for the system under test's CPUs (or the whole machine when it is not
 *                 partitioned), {@link Bottleneck#LOAD} for the load side's
 */
public record CpuDemand(String what, double cores, double secondsPerRequest, Bottleneck resource) {

    /** Every process on every core: the machine as one pool. */
    public static CpuDemand machine(double cores, double secondsPerRequest) {
        return new CpuDemand(trim(cores) + " cores", cores, secondsPerRequest, Bottleneck.CPU);
    }

    static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
