package lab.vthreads.lab.progress;

import lab.vthreads.lab.model.Calibration;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/** What the experiment tells the person running it, as it goes: the plan, each run with the time left, a live line. */
public final class Progress {

    private final PrintStream out;
    private int liveLines;

    public Progress(PrintStream out) {
        this.out = out;
    }

    /**
     * @param runs the calibration's runs after its saturated warm-up, in words
     * @param on   what serves the requests, as the system says it ({@code SystemUnderTest.servedBy}): "virtual threads" and the like
     */
    public void calibrating(int seconds, String on, String runs) {
        out.printf("Calibrating: a saturated warm-up, %s, %d s each, %s%n", runs, seconds, on);
    }

    public void calibratingOnWarmServices(int seconds, String on, String runs, String cells) {
        out.printf("Calibrating on the warm services of %s, after their cells: a saturated warm-up, %s, %d s each, %s%n", cells, runs, seconds, on);
    }

    public void calibrated(Calibration c, lab.vthreads.lab.isolation.Partition partition) {
        StringBuilder perProcess = new StringBuilder();
        c.cpuMsPerRequest().forEach((process, ms) -> perProcess.append(perProcess.isEmpty() ? "" : ", ")
                .append(String.format(Locale.ROOT, "%s %.2f", process, ms)));
        if (c.probe() != null) {
            out.printf(Locale.ROOT, "  CPU per request %.2f ms at up to %.0f req/s (%s), %.2f ms saturated by %d users (%.0f req/s, %.0f%% busy); "
                            + "one user: response %.1f ms, cycle %.0f ms; %s; CPU bound %.0f req/s%n",
                    c.totalCpuMsPerRequest(), c.rate(), perProcess, c.saturatedTotalCpuMsPerRequest(), c.saturationUsers(), c.saturatedThroughput(),
                    c.saturatedBusy() * 100, c.probe().responseMs(), c.probe().cycleMs(), c.probe().poolMeasured()
                            ? String.format(Locale.ROOT, "%.2f connections per request, held %.1f ms", c.connectionsPerRequest(), c.connectionHoldMs())
                            : "no Hikari metrics", c.cpuBound(partition));
            halves(c);
            return;
        }
        out.printf(Locale.ROOT, "  CPU per request %.2f ms at up to %.0f req/s (%s), %.2f ms saturated by %d users (%.0f req/s, %.0f%% busy); response %.1f ms; "
                        + "%.2f CEP lookups and %.2f connections per request, held %.1f ms; CPU bound %.0f req/s%n",
                c.totalCpuMsPerRequest(), c.rate(), perProcess, c.saturatedTotalCpuMsPerRequest(), c.saturationUsers(), c.saturatedThroughput(),
                c.saturatedBusy() * 100, c.responseMs(), c.cepLookupsPerRequest(), c.connectionsPerRequest(), c.connectionHoldMs(), c.cpuBound(partition));
        halves(c);
    }

    /** Only where the saturated cost moved within its run: a settled calibration needs no line. */
    private void halves(Calibration c) {
        if (c.saturatedHalves() != null && !c.saturatedHalves().settled()) {
            out.println("  the services' and PostgreSQL's CPU per request over the saturation run's two halves: " + c.saturatedHalves().text()
                    + "; a prediction the CPU bound holds is good to about that much");
        }
    }

    public void calibrationReused(Calibration c) {
        out.printf(Locale.ROOT, "Calibration: reusing the one measured in %s at %s for this build, machine and cell (--recalibrate to measure "
                + "again): %.2f ms of CPU per request saturated (%.0f req/s)%n", c.reused().measuredIn(), c.reused().measuredAt(),
                c.saturatedTotalCpuMsPerRequest(), c.saturatedThroughput());
    }

    private final java.util.Set<String> said = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A note said once in the run however often it comes up (what a signal is read from, for every pair of JVMs). */
    public void noteOnce(String line) {
        if (said.add(line)) note(line);
    }

    public void note(String line) {
        out.println(line);
    }

    public void scaled(String explanation) {
        out.println("Scaled to this machine: " + explanation);
    }

    public void cellStarting(int number, int total, String cell, int repeat, Duration elapsed, Duration left) {
        out.printf("[%d/%d] %s, repeat %d: elapsed %s, about %s left%n", number, total, cell, repeat, format(elapsed), format(left));
    }

    public void runningAgain(String cell, double steal, double threshold) {
        out.printf(Locale.ROOT, "  steal %.1f%% over %.0f%%: running %s again%n", steal * 100, threshold * 100, cell);
    }

    public void runningAgainWhileCompiling(String cell, String compilers, double rerunAbove) {
        out.printf(Locale.ROOT, "  compilers %s of the window, together over %.0f%%: the services were still warming; running %s again%n", compilers,
                rerunAbove * 100, cell);
    }

    public void didNotRun(String cell, int repeat, String why) {
        out.printf("  %s, repeat %d, did not run: %s%n", cell, repeat, why.lines().findFirst().orElse(""));
    }

    /** The live line during a measured run: rewritten in place on a terminal, every tenth one otherwise. */
    public void live(String line) {
        if (System.console() != null) {
            out.print("\r  " + line + "   ");
        } else if (liveLines++ % 10 == 0) {
            out.println("  " + line);
        }
    }

    public void endLive() {
        if (System.console() != null) out.println();
    }

    static String format(Duration d) {
        return String.format("%02d:%02d", d.toMinutes(), d.toSecondsPart());
    }
}
