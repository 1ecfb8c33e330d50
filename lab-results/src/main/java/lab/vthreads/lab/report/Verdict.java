package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.report.Summary.Ratio;
import lab.vthreads.lab.report.Summary.Row;
import lab.vthreads.lab.report.Summary.Stat;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a person reads first: per user level, virtual ÷ platform with its range, the model's ratio, the noise floor,
 * whether the windows were steady and the services settled, the bound that held each mode, and whether the
 * difference stands out of the noise. The same figures go to results.json, the terminal, summary.md and the report.
 *
 * @param levels    one per variant and user level with both modes measured
 * @param unsettled every run whose services' prewarm stopped at its cap before they settled ("cell r1"), or whose second
 *                  stage, with the CEP latency, did ("cell r1, with the CEP latency")
 * @param thin      every run whose sampler dropped more than {@link ExperimentResults.Sampling#THIN} of its seconds
 *                  ("cell r1: 3 of 40 s dropped, first: …"): its CPU, memory and pool series are too thin to trust
 * @param silent    every run that answered no request in its window ("cell r1"): a service that stopped answering (a
 *                  deadlock, a crash) is a finding of its own, and no ratio with it means anything
 * @param coldStarts every pair of JVMs whose first requests failed (ExperimentResults.ColdStart), once per pair: "virtual,
 *                  repeat 1 (cells a, b): deadlocked at cold start: …"; the mode's result where its cells did not run
 * @param startups  the start-up check's finding per kind of JVM ("virtual: 3 of 10 starts hung (95% interval 11-60%), …"),
 *                  with the first hang's requests and dump where one hung; empty where the run had no check
 */
public record Verdict(List<Level> levels, List<String> unsettled, List<String> thin, List<String> silent, List<String> coldStarts,
                      List<String> startups) {

    /**
     * Which stage of a pair's prewarm reached its cap before the services settled: "" for the first, ", with the CEP
     * latency" for the second alone; null where every stage settled or none ran. The second stage's cap is short, and a
     * window measured after it may still catch the compilers the latency set off (the rehearsal and the compiling-window
     * rule catch most of it), so it is named as the first is.
     */
    static String unsettledStage(ExperimentResults.Prewarmed prewarm) {
        if (prewarm == null) return null;
        if (!prewarm.settled()) return "";
        return prewarm.withLatency() != null && !prewarm.withLatency().settled() ? ", with the CEP latency" : null;
    }

    /** One paragraph under the verdict, for a reader who meets it for the first time. */
    public static final String HOW_TO_READ = "Virtual ÷ platform is the throughput ratio of the medians (above 1: virtual threads served more). "
            + "The A/A spread is how far two measurements of the same cell landed apart in this run: a ratio inside it is noise. "
            + "Runs on fresh JVMs land further apart than that. " + BetweenRuns.RULE + " "
            + "A window is steady when its second half's throughput is within 5% of its first half's, or within twice the noise of "
            + "that comparison (see Steadiness). "
            + "The bound is what the measurements point at (CPU, Tomcat threads, connection pool, or the users themselves); "
            + "the model's ratio comes from the calibration, and a measured ratio more than 15% from it is not explained by the model.";

    /** How far a measured ratio may be from the model's before the model is said not to explain it (the model's own rule). */
    static final double MODEL_TOLERANCE = lab.vthreads.lab.model.CapacityModel.SURPRISING;

    /**
     * @param throughputRatio  virtual ÷ platform throughput: the ratio of the medians, with the min–max of the ratios paired by repeat
     * @param predictedRatio   the capacity model's virtual ÷ platform (null: no calibration)
     * @param aaSpread         the A/A spread at this level, its noise floor; where this level has no copy, the run's
     *                         widest spread, shown for reference but not used to judge this level (null: no A/A control)
     * @param aaUsers          the users of the A/A copy that spread comes from
     * @param steady           every window at this level steady, the A/A copy's too (null: not recorded)
     * @param platformBound    what held the platform cell: what its measurements point at (see the capacity model)
     * @param virtualBound     the same for the virtual cell
     * @param noise            what the ratio is against the noise, by {@link BetweenRuns#RULE}
     * @param betweenRuns      the ratios from fresh JVMs it was judged by (null: fewer than two)
     * @param stealFlagged     a window at this level ran while the hypervisor took more than the threshold of the machine's CPU
     * @param coldStart        where a mode's cell did not run because its pair's first requests failed: that mode and
     *                         what they found ("virtual: deadlocked at cold start: …"); null otherwise
     * @param aaMoved          what the lab saw differ between this level's A/A copies ({@link AaControl#moved}); empty
     *                         where nothing did or the level has no copy of its own
     */
    public record Level(String variant, int users, Stat throughputRatio, Double predictedRatio, Double aaSpread, Integer aaUsers,
                        Boolean steady, String platformBound, String virtualBound, Noise noise, BetweenRuns betweenRuns, int repeats,
                        boolean stealFlagged, String coldStart, List<String> aaMoved) {

        /** True beyond the noise, false within it, null where it cannot be told (this run only, or no noise floor at all). */
        @com.fasterxml.jackson.annotation.JsonProperty("beyondNoise")
        public Boolean beyondNoise() {
            return switch (noise) {
                case BEYOND -> true;
                case WITHIN -> false;
                case THIS_RUN_ONLY, NO_FLOOR -> null;
            };
        }

        /** Whether the measured ratio is within {@link #MODEL_TOLERANCE} of the model's (null: no model). */
        @com.fasterxml.jackson.annotation.JsonProperty("matchesModel")
        public Boolean matchesModel() {
            return predictedRatio == null ? null : Math.abs(throughputRatio.median() / predictedRatio - 1) <= MODEL_TOLERANCE;
        }

        /**
         * Both modes held by the load generator's own CPU, by what their windows measured: the ratio then compares the
         * load generator with itself, whatever the noise says.
         */
        public boolean heldByTheLoadGenerator() {
            String load = lab.vthreads.lab.model.Bottleneck.LOAD.label();
            return platformBound.startsWith(load) && virtualBound.startsWith(load);
        }

        /** The level as one sentence. */
        public String sentence() {
            if (Double.isNaN(throughputRatio.median())) {
                return String.format(Locale.ROOT, "%s%d users: **no ratio**: %s", variant != null ? variant + ", " : "", users,
                        coldStart != null ? "**" + coldStart + "**" : "a mode's cell did not run (its reason is in the cells' table)");
            }
            if (!(throughputRatio.median() > 0) || Double.isInfinite(throughputRatio.median())) {
                return String.format(Locale.ROOT, "%s%d users: **no ratio**: %s served no request in its window (see \"Served nothing\" below)",
                        variant != null ? variant + ", " : "", users, throughputRatio.median() > 0 ? "platform" : "virtual");
            }
            StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%s%d users: virtual ÷ platform %.2f×", variant != null ? variant + ", " : "",
                    users, throughputRatio.median()));
            if (repeats > 1) s.append(String.format(Locale.ROOT, " (%.2f–%.2f over %d repeats)", throughputRatio.min(), throughputRatio.max(), repeats));
            if (predictedRatio != null) {
                s.append(String.format(Locale.ROOT, "; model %.2f×%s", predictedRatio, matchesModel() ? "" : " (more than 15% off)"));
            }
            if (aaSpread == null) s.append("; no A/A control");
            else if (aaUsers != null && aaUsers != users) s.append(String.format(Locale.ROOT, "; no A/A copy at this level (±%.1f%% at %d users)", aaSpread * 100, aaUsers));
            else s.append(String.format(Locale.ROOT, "; A/A spread ±%.1f%%", aaSpread * 100))
                    .append(aaMoved == null || aaMoved.isEmpty() ? "" : " (between the copies, " + String.join("; ", aaMoved) + ")");
            s.append(steady == null ? "; steadiness not recorded" : steady ? "; every window steady" : "; **not every window steady**");
            // Steal takes CPU from one cell and not the other: the ratio then measures the hypervisor, whatever the noise says.
            if (stealFlagged) s.append("; **the hypervisor stole CPU in a window at this level** (steal flagged): not a finding until run again");
            s.append("; platform held by ").append(platformBound).append(", virtual by ").append(virtualBound);
            if (heldByTheLoadGenerator()) {
                s.append("; **both modes held by the load generator: this level measured it, not the application**: to load the "
                        + "application, give the scenario's users think time, so that they ask for less than the load generator can send, "
                        + "or run on more cores (the load side gets a quarter of them)");
            }
            if (betweenRuns != null) s.append("; ").append(betweenRuns.text());
            s.append(switch (noise) {
                case BEYOND -> "; **beyond the noise**";
                case WITHIN -> betweenRuns != null && !betweenRuns.excludesParity() ? "; **not distinguishable** between runs" : "; **within the noise**";
                case THIS_RUN_ONLY -> String.format(Locale.ROOT, "; **beyond this run's A/A spread only**: run it again (or --repeat 3) "
                        + "before acting on a difference under %.0f%%", BetweenRuns.UNREPEATED * 100);
                case NO_FLOOR -> "; no noise floor: run it again (or --repeat 3) before acting on it";
            });
            return s.toString();
        }
    }

    /** Where a ratio stands against the noise. */
    public enum Noise {
        /** Outside the noise between runs (or, from one run, outside its A/A spread and beyond {@link BetweenRuns#UNREPEATED}). */
        BEYOND,
        /** Inside the A/A spread, or the runs' interval holds parity. */
        WITHIN,
        /** Outside this run's A/A spread, by less than {@link BetweenRuns#UNREPEATED}, with nothing to tell the runs' noise. */
        THIS_RUN_ONLY,
        /** One ratio, no A/A copy at this level. */
        NO_FLOOR
    }

    static Verdict of(ExperimentResults results, List<Row> rows, List<Ratio> ratios, List<Summary.ModelRow> model, List<AaControl.Spread> aa,
                      List<KeptRuns.Kept> kept) {
        List<Level> levels = new ArrayList<>();
        AaControl.Spread widest = aa.stream().max(Comparator.comparingDouble(AaControl.Spread::throughput)).orElse(null);
        for (Ratio ratio : ratios) {
            CellResult platform = cell(results, ratio.variant(), ratio.users(), ThreadMode.PLATFORM, false);
            CellResult virtual = cell(results, ratio.variant(), ratio.users(), ThreadMode.VIRTUAL, false);
            if (platform == null || virtual == null) continue;
            List<Double> paired = pairedRatios(platform, virtual);
            Stat range = Stat.of(paired.stream().mapToDouble(Double::doubleValue).toArray());
            Stat ratioStat = new Stat(ratio.throughput(), Math.min(range.min(), ratio.throughput()), Math.max(range.max(), ratio.throughput()));
            AaControl.Spread own = AaControl.find(aa, ratio.variant(), ratio.users());
            AaControl.Spread noise = own != null ? own : widest;
            Summary.ModelRow platformModel = modelRow(model, platform.id()), virtualModel = modelRow(model, virtual.id());
            Double predicted = platformModel == null || virtualModel == null ? null
                    : virtualModel.predicted() / platformModel.predicted();
            BetweenRuns between = betweenRuns(paired, platform, virtual, kept);
            levels.add(new Level(ratio.variant(), ratio.users(), ratioStat, predicted, noise != null ? noise.throughput() : null,
                    noise != null ? noise.users() : null, steady(rows, ratio.variant(), ratio.users()), bound(platformModel), bound(virtualModel),
                    judge(ratio.throughput(), own, between), between, Math.min(platform.repeats().size(), virtual.repeats().size()),
                    atLevel(rows, ratio.variant(), ratio.users()).anyMatch(Row::anyStealFlagged), coldStart(platform, virtual),
                    own != null ? own.moved() : List.of()));
        }
        List<String> unsettled = new ArrayList<>();
        for (CellResult cell : results.cells()) {
            for (RepeatResult r : cell.repeats()) {
                String stage = unsettledStage(r.context().prewarm());
                if (stage != null) unsettled.add(cell.id() + " r" + r.repeat() + stage);
            }
        }
        List<String> thin = new ArrayList<>();
        for (CellResult cell : results.cells()) {
            for (RepeatResult r : cell.repeats()) {
                if (r.sampling() != null && r.sampling().thin()) {
                    thin.add(String.format(Locale.ROOT, "%s r%d: %d of %d s dropped, first: %s", cell.id(), r.repeat(), r.sampling().dropped(),
                            r.sampling().taken(), r.sampling().firstError()));
                }
            }
        }
        List<String> silent = new ArrayList<>();
        for (CellResult cell : results.cells()) {
            for (RepeatResult r : cell.repeats()) {
                if (r.client().requests() == 0) silent.add(cell.id() + " r" + r.repeat() + stalled(r));
            }
        }
        return new Verdict(levels, unsettled, thin, silent, coldStarts(results), startups(results));
    }

    /** The mode whose cell did not run for a failed cold start, and what it found; null where both ran or neither failed so. */
    private static String coldStart(CellResult platform, CellResult virtual) {
        for (CellResult cell : List.of(virtual, platform)) {
            if (cell.repeats().isEmpty() && !cell.coldStarts().isEmpty()) return cell.mode().label() + ": " + cell.coldStarts().getFirst().text();
        }
        return null;
    }

    /** Each failed cold start once, with the cells its pair was to serve (they share it). */
    private static List<String> coldStarts(ExperimentResults results) {
        record Pair(String mode, int repeat, String finding) {
        }
        Map<Pair, List<String>> cellsOf = new LinkedHashMap<>();
        for (CellResult cell : results.cells()) {
            for (ExperimentResults.ColdStart failed : cell.coldStarts()) {
                cellsOf.computeIfAbsent(new Pair(cell.mode().label(), failed.repeat(), failed.text()), k -> new ArrayList<>()).add(cell.id());
            }
        }
        List<String> lines = new ArrayList<>();
        cellsOf.forEach((pair, cells) -> lines.add(String.format(Locale.ROOT, "%s, repeat %d (%s): %s", pair.mode(), pair.repeat(),
                String.join(", ", cells), pair.finding())));
        return lines;
    }

    /** Each kind of JVM's start-up check in one line, with its first hang where it had one. */
    private static List<String> startups(ExperimentResults results) {
        List<String> lines = new ArrayList<>();
        for (lab.vthreads.lab.measured.StartupCheck check : results.startupChecks()) {
            String hang = check.firstHang();
            lines.add(check.text() + (hang != null ? " (" + hang + ")" : ""));
        }
        StartupTables.controlsNotStarted(results).forEach(control -> lines.add(control + ": not started, " + StartupTables.whyControlNotStarted(results)));
        return lines;
    }

    /** What the thread dump after a silent window named, per service (RunContext#stall); nothing where it named nothing. */
    private static String stalled(RepeatResult r) {
        if (r.context().stall() == null) return "";
        List<String> each = new ArrayList<>();
        r.context().stall().forEach((service, why) -> each.add(service + ": " + why));
        return " (" + String.join("; ", each) + ")";
    }

    /** The verdict as lines of text (with markdown's bold): one per level, then the runs measured on services that never settled. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>(levels.stream().map(Level::sentence).toList());
        if (coldStarts != null && !coldStarts.isEmpty()) {
            lines.add("**Cold start failed**: " + String.join("; ", coldStarts) + ". The pair's cells did not run: that is this mode's result "
                    + "here, not the scenario's fault (the thread dumps are in the cells' folders)");
        }
        if (startups != null && !startups.isEmpty()) {
            lines.add("**Start-up check**: " + String.join("; ", startups) + ". Each start a fresh JVM, sent its cells' most users at once "
                    + "while cold, after each flow once where its variant sets a firstPass (the Start-up check table; a hung start's thread dumps "
                    + "are in the run's startup folder)");
        }
        if (silent != null && !silent.isEmpty()) {
            lines.add("**Served nothing**: " + String.join(", ", silent) + " answered no request in the window: the service stopped answering "
                    + "(its thread dump after the window, its log, the pinning table and the JFR recording in the cell's folder say more); no figure of those runs is a throughput");
        }
        if (!unsettled.isEmpty()) {
            lines.add("**Not settled**: the prewarm reached its cap before the services' compilers and throughput settled, for "
                    + String.join(", ", unsettled) + "; their windows may still measure warm-up");
        }
        if (!thin.isEmpty()) {
            lines.add("**Samples lost**: the sampler dropped more than " + Math.round(ExperimentResults.Sampling.THIN * 100)
                    + "% of its seconds in " + String.join("; ", thin) + "; those runs' CPU, memory and pool figures are not to be trusted");
        }
        return lines;
    }

    /** {@link BetweenRuns#RULE}, applied. */
    static Noise judge(double ratio, AaControl.Spread aa, BetweenRuns between) {
        if (!(ratio > 0) || Double.isInfinite(ratio)) return Noise.NO_FLOOR;
        boolean outsideAa = aa == null || Math.abs(ratio - 1) > aa.throughput();
        if (between != null) return between.excludesParity() && outsideAa ? Noise.BEYOND : Noise.WITHIN;
        if (aa == null) return Noise.NO_FLOOR;
        if (!outsideAa) return Noise.WITHIN;
        return Math.abs(ratio - 1) > BetweenRuns.UNREPEATED ? Noise.BEYOND : Noise.THIS_RUN_ONLY;
    }

    /**
     * This run's paired ratios and those of the kept runs whose cells at this level are the same. A kept pair with a
     * window the hypervisor stole from is left out: its own report called it no finding, and a ratio that is none is
     * no evidence of the noise between runs either.
     */
    private static BetweenRuns betweenRuns(List<Double> paired, CellResult platform, CellResult virtual, List<KeptRuns.Kept> kept) {
        List<Double> ratios = new ArrayList<>(paired.stream().filter(r -> r > 0 && !Double.isInfinite(r)).toList());
        List<String> from = new ArrayList<>();
        for (KeptRuns.Kept run : kept) {
            CellResult p = sameCell(run.results(), platform), v = sameCell(run.results(), virtual);
            if (p == null || v == null) continue;
            List<Double> theirs = pairedRatios(p, v, false).stream().filter(r -> r > 0 && !Double.isInfinite(r)).toList();
            if (theirs.isEmpty()) continue;
            ratios.addAll(theirs);
            from.add(run.folder());
        }
        return BetweenRuns.of(ratios, from.size() + 1, from);
    }

    private static CellResult sameCell(ExperimentResults run, CellResult cell) {
        return run.cells().stream().filter(c -> Objects.equals(c.factors(), cell.factors())).findFirst().orElse(null);
    }

    /** virtual ÷ platform throughput of each repeat both cells ran. */
    private static List<Double> pairedRatios(CellResult platform, CellResult virtual) {
        return pairedRatios(platform, virtual, true);
    }

    /** @param stolen whether a pair with a window the hypervisor stole from counts */
    private static List<Double> pairedRatios(CellResult platform, CellResult virtual, boolean stolen) {
        List<Double> ratios = new ArrayList<>();
        for (RepeatResult p : platform.repeats()) {
            if (!stolen && p.stealFlagged()) continue;
            virtual.repeats().stream().filter(v -> v.repeat() == p.repeat()).findFirst()
                    .filter(v -> p.client().throughput() > 0 && (stolen || !v.stealFlagged()))
                    .ifPresent(v -> ratios.add(v.client().throughput() / p.client().throughput()));
        }
        return ratios;
    }

    /** The rows of one level: both modes and the A/A copy. */
    private static java.util.stream.Stream<Row> atLevel(List<Row> rows, String variant, int users) {
        return rows.stream().filter(r -> Objects.equals(r.variant(), variant) && r.users() == users);
    }

    /** Every window at this level steady: both modes and the A/A copy (null when any was not recorded). */
    private static Boolean steady(List<Row> rows, String variant, int users) {
        List<Boolean> all = atLevel(rows, variant, users).map(Row::steady).toList();
        if (all.isEmpty() || all.contains(null)) return null;
        return all.stream().allMatch(Boolean::booleanValue);
    }

    private static String bound(Summary.ModelRow row) {
        if (row == null) return "an unknown bound (no calibration)";
        String observed = row.observed().label(), predicted = row.prediction().bottleneck().label();
        return observed.equals(predicted) ? observed : observed + " (the model: " + predicted + ")";
    }

    private static Summary.ModelRow modelRow(List<Summary.ModelRow> model, String cell) {
        return model.stream().filter(m -> m.cell().equals(cell)).findFirst().orElse(null);
    }

    private static CellResult cell(ExperimentResults results, String variant, int users, ThreadMode mode, boolean replica) {
        return results.cells().stream().filter(c -> Objects.equals(c.variant(), variant) && c.users() == users && c.mode() == mode
                && (c.factors() != null && c.factors().replica()) == replica).findFirst().orElse(null);
    }
}
