package lab.vthreads.lab.experiment;

import java.util.List;

/**
 * The published experiment a preset reproduces, with the numbers its study reported (each preset's {@code published.source}
 * says which): the report compares them as virtual ÷ platform ratios, since absolute numbers depend on the hardware.
 *
 * @param source    who measured it and how
 * @param footprint optional: what the study reported besides throughput and latency
 * @param scaling   optional: the study's thread and CPU bounds, to scale its scenario to this machine
 */
public record Published(String source, List<Row> rows, Footprint footprint, Scaling scaling) {

    /** One line of the published table; {@code users} matches it to the measured cells. */
    public record Row(Integer users, Double platformThroughput, Double virtualThroughput, Double platformP95Ms, Double virtualP95Ms) {

        public Double throughputRatio() {
            return platformThroughput != null && virtualThroughput != null ? virtualThroughput / platformThroughput : null;
        }

        public Double p95Ratio() {
            return platformP95Ms != null && virtualP95Ms != null ? virtualP95Ms / platformP95Ms : null;
        }
    }

    public record Footprint(Double platformPeakThreads, Double virtualPeakThreads, Double platformCpuShare, Double virtualCpuShare,
                            Double platformHeapMb, Double virtualHeapMb) {
    }

    /**
     * @param threadBound   the study's platform thread bound in req/s (threads ÷ time a request holds one)
     * @param cpuBound      its CPU bound in req/s (the most it served when threads did not bind)
     * @param tomcatThreads the threads it used
     */
    public record Scaling(double threadBound, double cpuBound, int tomcatThreads, String basis) {
    }
}
