package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.model.Bottleneck;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.report.Summary.Row;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why a cell is more than 15% from its prediction, from what the run recorded: the model assumes the machine's CPU
 * is the lab's (no hypervisor steal), every request succeeds, a window that measures one state, a load generator with
 * CPU to spare, the calibration's costs and a load on the CPU that is even within the second. Each broken assumption is named with its figure; none found is said too, so that a miss is never left unexplained.
 */
final class ModelMisses {

    /** A cell's CPU per request (or response time) this far from the model's moves the prediction by as much. */
    private static final double CPU_DIFFERENCE = 0.10;

    /**
     * A CPU this busy on average is simply saturated, as the model has it. Below it, a share of saturated slices this
     * far above an even load's at the same mean ({@link lab.vthreads.lab.model.EvenLoad}) is a load in bursts.
     */
    private static final double SATURATED_MEAN = 0.95, BURSTS_ABOVE_EVEN = 0.15;

    private ModelMisses() {
    }

    /**
     * How the system under test's CPUs were busy in the window.
     *
     * @param isolated  whether they are a partition's side (else the whole machine's)
     * @param busy      their mean busy share
     * @param saturated the share of their 50 ms slices in which they never idled (NaN: not recorded)
     * @param even      the share an even load would saturate at that mean and the cell's CPU per request
     */
    record SideLoad(boolean isolated, double busy, double saturated, double even) {

        boolean inBursts() {
            return saturated - even >= BURSTS_ABOVE_EVEN && busy < SATURATED_MEAN;
        }
    }

    /**
     * @param loadBusy the load side's busy share (NaN when not partitioned)
     * @return the reasons, joined; "no recorded figure explains it" when none applies
     */
    static String reasons(CellResult cell, Row row, Calibration calibration, Bottleneck predicted, Bottleneck observed, double predictedMeanMs,
                          double loadBusy, SideLoad side) {
        List<String> reasons = new ArrayList<>();
        // A service that answered nothing measured no throughput to compare; the verdict's "Served nothing" says why.
        if (!cell.repeats().isEmpty() && cell.repeats().stream().allMatch(r -> r.client().requests() == 0)) return "it answered no request in the window (the verdict's \"Served nothing\")";
        // The hypervisor's steal comes first: CPU time the calibration had and the cell's window did not, in bursts.
        if (row.anyStealFlagged()) {
            double steal = Summary.Stat.of(cell.repeats().stream().filter(r -> r.machine() != null).mapToDouble(r -> r.machine().meanSteal()).toArray()).median();
            reasons.add(Double.isNaN(steal) ? "the hypervisor took the machine's CPU time in the window (steal flagged)"
                    : String.format(Locale.ROOT, "the hypervisor took %.0f%% of the machine's CPU time in the window (steal)", steal * 100));
        }
        double failed = row.errors().median() / Math.max(1, row.requests().median());
        if (failed > 0.01) reasons.add(String.format(Locale.ROOT, "%.0f%% of the requests failed", failed * 100));
        if (Boolean.FALSE.equals(row.steady())) {
            reasons.add(String.format(Locale.ROOT, "the window was still changing (%+.0f%% from its first half to its second)",
                    row.trends().stream().mapToDouble(Double::doubleValue).map(Math::abs).max().orElse(Double.NaN) * 100));
        }
        if (!Double.isNaN(loadBusy) && loadBusy >= 0.90) {
            reasons.add(String.format(Locale.ROOT, "the load side's CPU was %.0f%% busy: the load generator measured itself", loadBusy * 100));
        }
        if (predicted == Bottleneck.CPU || observed == Bottleneck.CPU) {
            // Where the CPU binds, its cost per request is the prediction: the cell's own against the calibration's.
            double cellCpu = servicesCpuMsPerRequest(cell), calibrated = calibration.saturatedSystemCpuMsPerRequest();
            double speed = slowerThanCalibration(cell, calibration);
            if (!Double.isNaN(cellCpu) && calibrated > 0 && Math.abs(cellCpu / calibrated - 1) > CPU_DIFFERENCE) {
                reasons.add(String.format(Locale.ROOT, "the system's processes spent %.2f ms of CPU per request, the calibration %.2f (%.2f×)",
                        cellCpu, calibrated, cellCpu / calibrated) + (Double.isNaN(speed) ? ""
                        : String.format(Locale.ROOT, "; a fixed pass of work on their CPUs took %.2f× the calibration's time", speed)));
            } else if (!Double.isNaN(speed) && Math.abs(speed - 1) > CPU_DIFFERENCE) {
                reasons.add(String.format(Locale.ROOT, "a fixed pass of work on the system's CPUs took %.2f× the calibration's time", speed));
            }
            Calibration.Halves halves = calibration.saturatedHalves();
            if (halves != null && !halves.settled()) {
                reasons.add("the calibration's own CPU per request moved between its halves: " + halves.text());
            }
        } else {
            // Elsewhere Little's law makes the throughput users ÷ response time: a slower response is the miss itself.
            double measuredMean = row.mean().median();
            if (!Double.isNaN(measuredMean) && predictedMeanMs > 0 && Math.abs(measuredMean / predictedMeanMs - 1) > CPU_DIFFERENCE) {
                reasons.add(String.format(Locale.ROOT, "requests took %.0f ms on average, the model %.0f ms", measuredMean, predictedMeanMs));
            }
        }
        // Bursts queue requests whichever bound the model names: near the knee the users' bound too.
        if (side.inBursts()) {
            reasons.add(String.format(Locale.ROOT, "%s busy in bursts: saturated in %.0f%% of the window's 50 ms slices, an even load at "
                    + "its %.0f%% mean in %.0f%%, so requests queued in the bursts as at 100%% while it idled between them (the model takes the "
                    + "load as even)", side.isolated() ? "the services' CPUs were" : "the CPU was", side.saturated() * 100, side.busy() * 100,
                    side.even() * 100));
        }
        return reasons.isEmpty() ? "no recorded figure explains it" : String.join("; ", reasons);
    }

    /**
     * How much slower the services' CPUs ran the speed probe's fixed pass in the cell's window than in the calibration's
     * saturation run (median of repeats; below 1, faster): the part of a CPU-per-request difference that is the
     * machine's speed, not the services'. NaN where either was not measured.
     */
    static double slowerThanCalibration(CellResult cell, Calibration calibration) {
        Double calibrated = calibration.saturatedProbeMs();
        double there = Summary.Stat.of(cell.repeats().stream().map(RepeatResult::machine).filter(m -> m != null && m.speedProbeMs() != null)
                .mapToDouble(m -> m.speedProbeMs()).toArray()).median();
        return calibrated == null || !(calibrated > 0) || Double.isNaN(there) ? Double.NaN : there / calibrated;
    }

    /** The system under test's CPU per request in the cell's window (median of repeats). */
    static double servicesCpuMsPerRequest(CellResult cell) {
        return Summary.Stat.of(cell.repeats().stream().mapToDouble(ModelMisses::systemCpuMsPerRequest).toArray()).median();
    }

    /** One repeat's: the system's processes' cores ÷ its throughput; NaN where either was not measured. */
    static double systemCpuMsPerRequest(RepeatResult r) {
        if (r.processes() == null || r.client().throughput() <= 0) return Double.NaN;
        double cores = r.processes().entrySet().stream().filter(e -> Calibration.SYSTEM.contains(e.getKey()))
                .mapToDouble(e -> e.getValue().meanCpuCores()).sum();
        return cores > 0 ? cores * 1000 / r.client().throughput() : Double.NaN;
    }
}
