package lab.vthreads.lab.plan;

import java.util.List;

/**
 * The published experiment a preset reproduces, with the numbers its study reported (each preset's {@code published.source}
 * says which): the report compares them as virtual ÷ platform ratios, since absolute numbers depend on the hardware.
 *
 * @param source    who measured it and how
 * @param footprint optional: what the study reported besides throughput and latency
 * @param scaling   optional: the study's thread and CPU bounds, to scale its scenario to this machine
 * @param study     optional: where the study was published, for a reader who wants to check it; absent where the lab's
 *                  sources describe a study without naming it
 */
public record Published(String source, List<Row> rows, Footprint footprint, Scaling scaling, Study study) {

    public Published(String source, List<Row> rows, Footprint footprint, Scaling scaling) {
        this(source, rows, footprint, scaling, null);
    }

    /** The source as the report prints it: the study's citation first, where there is one. */
    public String cited() {
        return study == null ? source : study.citation() + ". " + source;
    }

    /**
     * @param title     the study's title, as published
     * @param author    who wrote it; null where the publication does not say (a company blog's post in the first person)
     * @param publisher where it appeared
     * @param url       its address
     */
    public record Study(String title, String author, String publisher, String url) {

        public Study {
            if (title == null || title.isBlank() || url == null || url.isBlank()) {
                throw new IllegalArgumentException("published.study needs a title and a url");
            }
        }

        String citation() {
            String by = author != null ? author + (publisher != null ? ", " + publisher : "") : publisher;
            return "“" + title + "”" + (by != null ? " (" + by + ")" : "") + ", " + url;
        }
    }

    /**
     * One line of the published table; {@code users} matches it to the measured cells. A study gives a percentile
     * ({@code p95Ms}) or a mean latency ({@code meanMs}), each optional.
     */
    public record Row(Integer users, Double platformThroughput, Double virtualThroughput, Double platformP95Ms, Double virtualP95Ms,
                      Double platformMeanMs, Double virtualMeanMs) {

        public Row(Integer users, Double platformThroughput, Double virtualThroughput, Double platformP95Ms, Double virtualP95Ms) {
            this(users, platformThroughput, virtualThroughput, platformP95Ms, virtualP95Ms, null, null);
        }

        public Double meanRatio() {
            return platformMeanMs != null && virtualMeanMs != null ? virtualMeanMs / platformMeanMs : null;
        }

        public Double throughputRatio() {
            return platformThroughput != null && virtualThroughput != null ? virtualThroughput / platformThroughput : null;
        }

        public Double p95Ratio() {
            return platformP95Ms != null && virtualP95Ms != null ? virtualP95Ms / platformP95Ms : null;
        }
    }

    /**
     * @param platformHeapMb the study's memory per mode, in MB, beside the measured figure {@code memory} names
     * @param memory         which of the lab's figures the study's "memory" is compared with: {@code heap} (absent: a
     *                       JVM's used heap) or {@code rss} (its resident set)
     * @param memoryReason   why, for the report; optional
     */
    public record Footprint(Double platformPeakThreads, Double virtualPeakThreads, Double platformCpuShare, Double virtualCpuShare,
                            Double platformHeapMb, Double virtualHeapMb, String memory, String memoryReason) {

        public Footprint {
            if (memory != null && !memory.equals("heap") && !memory.equals("rss")) {
                throw new IllegalArgumentException("published.footprint.memory must be heap or rss, not '" + memory + "'");
            }
        }

        /** Whether the study's memory figure stands beside the resident set rather than the heap. */
        public boolean memoryIsRss() {
            return "rss".equals(memory);
        }
    }

    /**
     * @param threadBound   the study's platform thread bound in req/s (threads ÷ time a request holds one)
     * @param cpuBound      its CPU bound in req/s (the most it served when threads did not bind)
     * @param tomcatThreads the threads it used
     */
    public record Scaling(double threadBound, double cpuBound, int tomcatThreads, String basis) {
    }
}
