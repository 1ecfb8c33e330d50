package lab.vthreads.lab.experiment;

import lab.vthreads.lab.calibration.CalibrationCache;
import lab.vthreads.lab.calibration.Calibrator;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.StackPlan;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.DatabaseSnapshot;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.isolation.Partition;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.SystemUnderTest;
import lab.vthreads.lab.stack.ThreadMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * When, and on which services, one implementation's calibration is measured ({@link SystemUnderTest#implementation}):
 * an experiment has one per implementation its cells run (the lab's pessoa-service in both thread modes, another of
 * the lab's implementations in its own mode, a user's application), and each cell is predicted from its own. Reused where an earlier run kept one for the
 * same fingerprint ({@link CalibrationCache}); else after the cells, on the calibrated cell's own warm services, where
 * those are the calibration's services ({@link Calibrator#canRunOn}); else first, on fresh services. {@code --scale}
 * measures one first to size the cells, then the model's after them ({@link #afterSizing}). A calibration after the
 * cells that fails costs the model, not the cells: it is said, and the sizing one is used, or one is tried once more
 * on fresh services after every cell.
 */
final class CalibrationSchedule {

    private final ExperimentRunner.Options options;
    private final Preset preset;
    /** The cells, as {@code --scale} sized them once it has. */
    private List<Cell> cells;
    private final Progress progress;
    /** The implementation calibrated, and the mode its calibration runs in. */
    private final SystemUnderTest system;
    private final ThreadMode mode;
    /** Where the calibration is measured after the cells, and its fingerprint; null when it is not. */
    private StackPlan.Placed host;
    private String fingerprint;
    private volatile Calibration measuredOnHost;
    /** With {@code --scale}: the calibration the cells were sized from, the model's if the one after them fails. */
    private Calibration sizing;

    CalibrationSchedule(ExperimentRunner.Options options, Preset preset, List<Cell> cells, Progress progress, SystemUnderTest system) {
        this.options = options;
        this.preset = preset;
        this.cells = List.copyOf(cells);
        this.progress = progress;
        this.system = system;
        this.mode = system.calibratedIn();
    }

    /** One schedule per implementation the cells run, in the order the cells first run it. */
    static List<CalibrationSchedule> of(ExperimentRunner.Options options, Preset preset, List<Cell> cells, Progress progress) {
        return cells.stream().map(c -> SystemUnderTest.of(c.mode(), options.application())).distinct()
                .map(system -> new CalibrationSchedule(options, preset, cells, progress, system)).toList();
    }

    /** The implementation whose calibration this is. */
    String implementation() {
        return system.implementation();
    }

    /** Whether the cell runs this implementation. */
    private boolean runs(Cell cell) {
        return SystemUnderTest.of(cell.mode(), options.application()).equals(system);
    }

    /**
     * Whether this experiment measures the calibration: not when asked not to, and not for faults, whose figures (the
     * timeline, the rows against the 201s) need no capacity model.
     */
    boolean calibrates() {
        if (cells.stream().noneMatch(this::runs)) return false;
        return options.calibrationSeconds() > 0 && !preset.hasFaults();
    }

    /**
     * Whether the cells are sized from this calibration ({@code --scale}), the first cell's implementation's: then it runs
     * before them, on fresh services.
     */
    private boolean sizesCells() {
        return options.scale() && runs(cells.getFirst());
    }

    /**
     * The calibration the cells can be predicted from before they run: an earlier run's, or one measured now on fresh
     * services; null without one, or when it is measured after the cells (then said).
     */
    Calibration beforeCells(RunningStack stack, StackSettings base, LoadGenerators load, Partition partition, int cores) throws Exception {
        // Without a calibration there is no model: for quick runs and for tests of what the model does not need.
        if (!calibrates()) return null;
        fingerprint = CalibrationCache.fingerprint(options.home(), preset, calibrated(cells, mode), options.calibrationSeconds(), partition, cores,
                system, options.scenario());
        CalibrationCache kept = cache();
        Calibration reused = options.recalibrate() ? null : kept.reuse(fingerprint, progress).orElse(null);
        if (reused != null) return reused;
        host = sizesCells() || !Calibrator.canRunOn(calibrated(cells, mode)) ? null : lastStackOf(calibrated(cells, mode));
        if (host == null) {
            return kept.keep(fingerprint, calibrator(stack, base, load, partition, null).calibrate(cores), options.resultsDirectory(), progress);
        }
        progress.note("Calibration of " + system.name() + ": measured after the cells, on the warm services of " + String.join(", ", host.group().order())
                + (preset.repeat() > 1 ? " (repeat " + host.repeat() + ")" : ""));
        return null;
    }

    /**
     * Once {@code --scale} has sized the cells from the calibration on fresh services: the model's calibration is then
     * measured again after the cells, on the calibrated cell's own warm services, as it is without {@code --scale}. The
     * sizing run met services fresh from their prewarm, at the unscaled preset's saturation users; the cells it sizes
     * run on services warmed by every level before them, and a CPU-bound cell is predicted from what a request costs on
     * those. Where that cell's services cannot host it, or an earlier run kept one for the sized cell, nothing runs again.
     *
     * @return the calibration the cells are predicted from for now: the one kept for the sized cell, else the sizing one
     */
    Calibration afterSizing(List<Cell> sized, Calibration sizingCalibration, Partition partition, int cores) {
        cells = List.copyOf(sized);
        Cell calibrated = calibrated(cells, mode);
        if (sizingCalibration == null || !Calibrator.canRunOn(calibrated)) return sizingCalibration;
        fingerprint = CalibrationCache.fingerprint(options.home(), preset, calibrated, options.calibrationSeconds(), partition, cores,
                system, options.scenario());
        Calibration reused = options.recalibrate() ? null : cache().reuse(fingerprint, progress).orElse(null);
        if (reused != null) return reused;
        sizing = sizingCalibration;
        host = lastStackOf(calibrated);
        keepSizingRunsApart();
        progress.note("Calibration for the model: measured again after the cells, on the warm services of " + String.join(", ", host.group().order())
                + "; the cells were sized from the one on fresh services");
        return sizingCalibration;
    }

    /** The sizing calibration's own runs stay beside the model's, which would write over them in the same folder. */
    private void keepSizingRunsApart() {
        Path runs = options.resultsDirectory().resolve(system.calibrationFolder());
        if (!Files.isDirectory(runs)) return;
        Path apart = runs.resolveSibling(runs.getFileName() + "-sizing");
        try {
            Files.move(runs, apart);
        } catch (IOException e) {
            progress.note("the sizing calibration's runs could not be moved to " + apart.getFileName() + "/ (" + e.getMessage() + "); the model's write over them");
        }
    }

    /** Whether the model's calibration is still to be measured after the cells, where a sizing one was measured before them. */
    boolean remeasuresAfterSizing() {
        return sizing != null && host != null;
    }

    private CalibrationCache cache() {
        return new CalibrationCache(options.resultsDirectory().getParent());
    }

    /** Whether the calibration runs on this pair of JVMs once its cells are measured. */
    boolean hosts(StackPlan.Placed placed) {
        return host != null && host.equals(placed);
    }

    /** On the host's services, once its cells are measured ({@link #hosts}); a failure is said, and left to {@link #afterCells}. */
    void onHost(RunningStack stack, StackSettings base, LoadGenerators load, Partition partition, int cores, DatabaseSnapshot snapshot) throws Exception {
        try {
            measuredOnHost = cache().keep(fingerprint,
                    calibrator(stack, base, load, partition, snapshot).calibrateOnWarmServices(cores, String.join(", ", host.group().order())),
                    options.resultsDirectory(), progress);
        } catch (Exception e) {
            if (load.aborted() || Thread.currentThread().isInterrupted()) throw e;
            progress.note("calibration on the warm services failed (" + e.getMessage() + "); it runs on fresh services after the cells");
        }
    }

    /**
     * The calibration once every cell has run: the one before them, the host's, or, where the host's services did not
     * start or its calibration failed, one on fresh services now; without it the results are kept with no model, and say why.
     */
    Calibration afterCells(RunningStack stack, StackSettings base, LoadGenerators load, Partition partition, int cores, Calibration before) throws Exception {
        if (host == null) return before;
        if (measuredOnHost != null) return measuredOnHost;
        if (sizing != null) {
            progress.note("the model uses the calibration the cells were sized from, on fresh services");
            return sizing;
        }
        try {
            return cache().keep(fingerprint, calibrator(stack, base, load, partition, null).calibrate(cores), options.resultsDirectory(), progress);
        } catch (Exception e) {
            if (load.aborted() || Thread.currentThread().isInterrupted()) throw e;
            progress.note("calibration failed (" + e.getMessage() + "): the cells' results are kept, with no capacity model");
            return null;
        }
    }

    /** Roughly how long the calibration takes here, where it runs. */
    Duration estimate() {
        if (!calibrates()) return Duration.ZERO;
        // Where the lab does not know the downstream wait, one run more: the single-user probe, with its load generator's start.
        long probe = Calibrator.probes(system) ? options.calibrationSeconds() + 8 : 0;
        long onWarm = Calibrator.canRunOn(calibrated(cells, mode)) ? Calibrator.estimateOnWarmSeconds(options.calibrationSeconds()) : 0;
        if (!sizesCells() && onWarm > 0) return Duration.ofSeconds(onWarm + probe);
        // --scale: the sizing calibration on fresh services, then the model's on the warm ones where they can host it
        return Duration.ofSeconds(Calibrator.estimateSeconds(options.calibrationSeconds()) + probe + (sizesCells() ? onWarm : 0)
                // the prewarm instead of the warm-up (about 30 s): what the services need, up to the cap, and its drain
                + (preset.prewarmSeconds() > 0 ? Math.min(preset.prewarmSeconds(), 100) + 8 - 30 : 0));
    }

    /** @param snapshot the warm application's data, as its cells had it; null on fresh services, which take their own */
    private Calibrator calibrator(RunningStack stack, StackSettings base, LoadGenerators load, Partition partition, DatabaseSnapshot snapshot) {
        Cell calibrated = calibrated(cells, mode);
        // --scale's first calibration sizes the cells: their users are not known yet
        int cellUsers = sizesCells() && host == null ? 0 : calibrated.users();
        return new Calibrator(stack, base, calibrated, load, progress, options.resultsDirectory(), options.home(), options.calibrationSeconds(),
                partition, preset.prewarmSeconds(), snapshot, cellUsers, options.flows());
    }

    /**
     * The cell whose mode and factors the calibration measures (every limit but the CPU lifted): the first variant's
     * virtual cell. The model's CPU bound is what holds a cell once its threads no longer do, so it is a virtual cell's
     * bound, and a platform calibration measured something else: hundreds of platform threads at once on the
     * services' one CPU (to saturate it through the CEP latency), whose CPU bounds varied widely between calibrations
     * of the same jars. Where the calibration cannot run on that cell (a pool held through the lookups, a concurrency limit,
     * lookups that pin their carriers), the first virtual cell it can run on, on the lab's own JDK if one is: a
     * calibration on pinned carriers saturates the pinned bound, not the CPU, and gives a CPU bound below what the
     * other cells serve.
     */
    static Cell calibrated(List<Cell> cells) {
        return calibrated(cells, ThreadMode.VIRTUAL);
    }

    /**
     * The calibrated cell of an implementation calibrated in {@code mode} ({@link SystemUnderTest#calibratedIn}): the same
     * choice in that mode's cells (for an implementation served by no request threads, its own mode's, with no thread bound to lift).
     */
    static Cell calibrated(List<Cell> cells, ThreadMode mode) {
        Cell first = cells.getFirst();
        List<Cell> inMode = cells.stream().filter(c -> c.mode() == mode && !c.replica()).toList();
        Cell firstVariants = inMode.stream().filter(c -> Objects.equals(c.variant(), first.variant())).findFirst().orElse(null);
        if (firstVariants != null && Calibrator.canRunOn(firstVariants)) return firstVariants;
        return inMode.stream().filter(Calibrator::canRunOn).min(Comparator.comparing((Cell c) -> !onTheLabsJdk(c)))
                .orElse(firstVariants != null ? firstVariants : inMode.isEmpty() ? first : inMode.getFirst());
    }

    private static boolean onTheLabsJdk(Cell cell) {
        String jdk = cell.factors().jdk();
        return jdk == null || jdk.equals(Integer.toString(Runtime.version().feature()));
    }

    /** The last pair of JVMs, over every repeat, whose cells share {@code cell}'s variant, mode and factors. */
    private StackPlan.Placed lastStackOf(Cell cell) {
        StackPlan.Placed last = null;
        for (int repeat = 1; repeat <= preset.repeat(); repeat++) {
            List<StackPlan.Group> groups = StackPlan.of(cells, repeat, !preset.hasFaults());
            for (int g = 0; g < groups.size(); g++) {
                Cell first = groups.get(g).first();
                if (first.mode() == cell.mode() && Objects.equals(first.variant(), cell.variant()) && first.factors().equals(cell.factors())) {
                    last = new StackPlan.Placed(repeat, g, groups.get(g));
                }
            }
        }
        return last;
    }
}
