package lab.vthreads.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How close the model came over one run's cells, counted, so that no one tallies a run's cells by hand. Beside the
 * counts, the floor the measurement itself sets: where a level has an A/A copy, one prediction p can be no closer to
 * both copies a ≥ a' than (a − a') ÷ (a + a'), reached at p = (a + a') ÷ 2. A miss at or below that floor is the
 * machine's repeatability, not the model's error.
 *
 * @param cells           cells with a prediction
 * @param within5         of them, within 5% of the queueing prediction's throughput
 * @param within15        within 15%
 * @param latencyCells    cells whose mean response was measured
 * @param latencyWithin15 of them, within 15% of the predicted mean
 * @param floors          one per level with an A/A copy
 * @param stolenOutside5  of the cells outside 5%, those whose window the hypervisor stole from (steal flagged): the
 *                        machine's CPU was not the lab's, which no model of the lab's costs can predict
 */
public record ModelAccuracy(int cells, int within5, int within15, int latencyCells, int latencyWithin15, List<Floor> floors, int stolenOutside5) {

    static final double CLOSE = 0.05, FAR = lab.vthreads.lab.model.CapacityModel.SURPRISING;

    /**
     * @param apart   |copy ÷ original − 1| of the two cells' median throughputs
     * @param closest the least that one prediction can miss one of them by
     */
    public record Floor(String variant, int users, double apart, double closest) {
    }

    public ModelAccuracy {
        floors = List.copyOf(floors);
    }

    static ModelAccuracy of(Summary summary) {
        int within5 = 0, within15 = 0, latencyCells = 0, latencyWithin15 = 0, stolen = 0;
        Set<String> stealFlagged = summary.rows().stream().filter(Summary.Row::anyStealFlagged).map(Summary.Row::cell)
                .collect(Collectors.toSet());
        for (Summary.ModelRow m : summary.model()) {
            if (Math.abs(m.deviation()) <= CLOSE) within5++;
            else if (stealFlagged.contains(m.cell())) stolen++;
            if (Math.abs(m.deviation()) <= FAR) within15++;
            double latency = m.latencyDeviation();
            if (Double.isNaN(latency)) continue;
            latencyCells++;
            if (Math.abs(latency) <= FAR) latencyWithin15++;
        }
        return new ModelAccuracy(summary.model().size(), within5, within15, latencyCells, latencyWithin15, floors(summary.rows()), stolen);
    }

    private static List<Floor> floors(List<Summary.Row> rows) {
        List<Floor> floors = new ArrayList<>();
        for (Summary.Row copy : rows) {
            if (!copy.replica()) continue;
            rows.stream().filter(o -> !o.replica() && o.mode() == copy.mode() && o.users() == copy.users() && Objects.equals(o.variant(), copy.variant()))
                    .findFirst().ifPresent(original -> {
                        double a = original.throughput().median(), b = copy.throughput().median();
                        if (a > 0 && b > 0) floors.add(new Floor(copy.variant(), copy.users(), Math.abs(b / a - 1), Math.abs(a - b) / (a + b)));
                    });
        }
        return floors;
    }

    /** One sentence for the terminal and the report; empty where nothing was predicted. */
    public String sentence() {
        if (cells == 0) return "";
        String counts = String.format(Locale.ROOT, "The model over this run's %d cells: %d within 5%% of the queueing prediction, %d within 15%%", cells,
                within5, within15) + (latencyCells == 0 ? "." : String.format(Locale.ROOT, "; the mean response within 15%% in %d of %d.",
                latencyWithin15, latencyCells))
                + (stolenOutside5 == 0 ? "" : String.format(Locale.ROOT, " Of the %d outside 5%%, %d ran while the hypervisor stole CPU from the machine (steal flagged).",
                cells - within5, stolenOutside5));
        if (floors.isEmpty()) return counts + " No A/A copy: how closely a cell repeats, and so how closely any model can meet it, was not measured.";
        return counts + " The A/A copies, and the least by which any one prediction misses one of them: " + floors.stream()
                .map(f -> String.format(Locale.ROOT, "%s%d users %.1f%% apart, %.1f%%", f.variant() != null ? f.variant() + " at " : "at ", f.users(),
                        f.apart() * 100, f.closest() * 100)).collect(Collectors.joining("; ")) + ".";
    }
}
