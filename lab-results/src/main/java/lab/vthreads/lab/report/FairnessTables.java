package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.FirstAttempt;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.isolation.Partition;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import java.util.Map;

import static lab.vthreads.lab.report.ReportTables.num;
import static lab.vthreads.lab.report.ReportTables.orDash;

/** The tables that say whether the comparison was fair: the CPU partition, the A/A noise, the interference check, the observer. */
final class FairnessTables {

    private FairnessTables() {
    }

    /** Which CPUs each component had: what makes the comparison fair, or the plain statement that it was not isolated. */
    static ReportTables.Table partition(Partition partition, TestedSystem system) {
        if (partition == null) {
            return new ReportTables.Table("CPU partition", "Not recorded: results written before the lab partitioned the machine; every process shared every CPU.",
                    List.of("component", "CPUs"), List.of());
        }
        List<List<String>> rows = new ArrayList<>();
        Set<String> absent = system.notStarted();
        partition.components().forEach((component, p) -> {
            if (!absent.contains(component)) rows.add(List.of(component, p.cpus(),
                    p.quotaCores() != null ? num(p.quotaCores(), 2) + " CPU" : "–", p.weight() != null ? Integer.toString(p.weight()) : "–"));
        });
        String note = partition.isolated()
                ? "Load side (load generator, " + system.downstream() + ", the lab): CPUs " + partition.loadCpus() + "; system under test ("
                + system.services() + ", PostgreSQL" + (partition.components().containsKey(lab.vthreads.lab.metrics.SpeedProbe.COMPONENT)
                        ? ", the lab's speed probe" : "") + "): CPUs "
                + partition.systemCpus() + ". " + partition.reason() + "."
                : "**NOT ISOLATED**: the load generator shared every CPU with the services, per thread, so a service's thread count moved "
                + "the CPU its neighbours got; read the virtual ÷ platform ratios with the fairness check below. " + partition.reason() + ".";
        return new ReportTables.Table("CPU partition (" + partition.mode().name().toLowerCase(Locale.ROOT) + ")", note,
                List.of("component", "CPUs", "quota", "CPU weight"), rows);
    }

    /** The A/A control: how far two runs of the same cell landed from each other here. */
    static ReportTables.Table noise(Summary summary) {
        List<List<String>> rows = new ArrayList<>();
        for (AaControl.Spread s : summary.aa()) {
            rows.add(List.of((s.variant() != null ? s.variant() + ", " : "") + s.users() + " users", s.mode().label(),
                    String.format(Locale.ROOT, "±%.1f%%", s.throughput() * 100), String.format(Locale.ROOT, "±%.1f%%", s.p95() * 100),
                    Integer.toString(s.pairs()), s.moved().isEmpty() ? "none past its threshold" : String.join("; ", s.moved())));
        }
        return new ReportTables.Table("A/A control: the noise of this machine",
                "The same mode and factors run twice as two cells, interleaved with the others. The spread is the largest |copy ÷ original − 1| "
                        + "over the repeats. A virtual ÷ platform ratio inside it is not distinguishable from noise and is not a finding. "
                        + String.format(Locale.ROOT, "What differed is read from the lab's side for the pair furthest apart, original → copy: the "
                        + "services' CPU per request (moved by more than %.0f%%: the same requests cost more or less, so the system itself changed "
                        + "between the copies, for example a cache or an in-memory store that grew), their collectors' CPU, GC pauses and compilers "
                        + "(by %.0f points of a CPU or of the window), the load side's CPUs (by %.0f points) and the hypervisor's steal (by %.0f "
                        + "points). Nothing past its threshold leaves the machine's scheduling and the users' timing.",
                        AaControl.CPU_PER_REQUEST_MOVED * 100, AaControl.SHARE_MOVED * 100, AaControl.LOAD_SIDE_MOVED * 100, AaControl.SHARE_MOVED * 100),
                List.of("cells", "mode", "throughput spread", "p95 spread", "repeats paired", "what differed (original → copy)"), rows);
    }

    /** The noise between runs: every level's ratios from fresh JVMs, and the runs they come from. */
    static ReportTables.Table betweenRuns(Summary summary) {
        List<List<String>> rows = new ArrayList<>();
        for (Verdict.Level level : summary.verdict().levels()) {
            BetweenRuns b = level.betweenRuns();
            String cells = (level.variant() != null ? level.variant() + ", " : "") + level.users() + " users";
            if (b == null) {
                rows.add(List.of(cells, String.format(Locale.ROOT, "%.2f×", level.throughputRatio().median()), "1", "–", "–", "this run only"));
                continue;
            }
            rows.add(List.of(cells, String.format(Locale.ROOT, "%.2f–%.2f×", b.lowest(), b.highest()), Integer.toString(b.samples()),
                    String.format(Locale.ROOT, "%.2f–%.2f× (±%.1f%%)", b.intervalLow(), b.intervalHigh(), b.halfWidth() * 100),
                    b.excludesParity() ? "no" : "**yes**",
                    b.from().isEmpty() ? "this run's repeats" : "this run and " + String.join(", ", b.from())));
        }
        return new ReportTables.Table("Noise between runs",
                "virtual ÷ platform from fresh pairs of JVMs, each with its own prewarm: this run's repeats and those of the earlier runs kept "
                        + "under results/ with the same preset, durations, cells, machine and code (later runs are never counted). "
                        + BetweenRuns.RULE,
                List.of("cells", "ratios", "ratios counted", String.format(Locale.ROOT, "%.0f%% interval", BetweenRuns.CONFIDENCE * 100),
                        "holds parity?", "from"), rows);
    }

    /** The interference check: CPU per request of what the thread mode does not change, and the load side's headroom. */
    static ReportTables.Table fairness(Interference.Check check) {
        List<List<String>> rows = new ArrayList<>();
        for (Interference.Pair pair : check.pairs()) {
            for (Interference.Cost c : pair.costs()) {
                rows.add(List.of((pair.variant() != null ? pair.variant() + ", " : "") + pair.users() + " users", c.component(), num(c.platformMs(), 2),
                        num(c.virtualMs(), 2), c.separated() ? String.format(Locale.ROOT, "%+.0f%%, own CPUs", c.difference() * 100)
                                : c.compared() ? String.format(Locale.ROOT, "%+.0f%%", c.difference() * 100) : "idle",
                        c.compared() ? String.format(Locale.ROOT, "%.0f%%", c.threshold() * 100) : "–",
                        !c.compared() ? "–" : c.unfair() ? "**UNFAIR**" : "fair"));
            }
        }
        List<String> atLimit = check.loadSides().stream().filter(Interference.LoadSide::atLimit)
                .map(l -> String.format(Locale.ROOT, "%s (%.0f%% busy)", l.cell(), l.busy() * 100)).toList();
        String note = String.format(Locale.ROOT, "The load generator, PostgreSQL and the CEP mock do the same work per request in both modes. One "
                + "that shares CPUs with the services and spends more than %.0f%% more CPU per request in one mode (and more than it moved "
                + "between the A/A copies, where the experiment has them) shows the kernel's split of those CPUs moved the numbers, not "
                + "the thread model. On a partitioned machine the load side runs on CPUs of its own (\"own CPUs\"): its figures are shown, "
                + "not judged; its headroom is. Components below %.2f cores are idle. ", Interference.TOLERANCE * 100, Interference.IDLE_CORES)
                + (atLimit.isEmpty() ? "No cell had its load side at its CPU limit." : "**Load side at its CPU limit** (≥ "
                + Math.round(Interference.LOAD_LIMIT * 100) + "% busy, it measured itself): " + String.join(", ", atLimit) + ".")
                + (check.fair() ? " Verdict: **fair**." : " Verdict: **not a fair fight**.");
        return new ReportTables.Table("Fairness: the interference check", note,
                List.of("cells", "component", "platform, CPU ms per request", "virtual, CPU ms per request", "difference", "threshold (10% or A/A)",
                        "verdict"), rows);
    }

    /**
     * What watching cost and how warm the services were, per cell (first repeat, hold window): the lab's own CPU
     * (scrapes, /proc reads, its JVM), the JIT's compile time in the window, and the prewarm before it.
     */
    static ReportTables.Table observer(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        int cores = results.environment().cores();
        TestedSystem system = TestedSystem.of(results);
        for (ExperimentResults.CellResult cell : results.cells()) {
            if (cell.repeats().isEmpty() || cell.repeats().getFirst().window() == null) continue;
            ExperimentResults.RepeatResult r = cell.repeats().getFirst();
            ExperimentResults.ProcessUsage lab = r.processes().get("lab");
            if (lab == null) continue;
            double pessoaJit = r.compileShare(cell.sampleNames().server());
            double gatewayJit = r.compileShare(cell.sampleNames().entry());
            List<String> row = new ArrayList<>(List.of(cell.id(), num(lab.meanCpuCores(), 3), String.format(Locale.ROOT, "%.1f%%", lab.meanCpuCores() / cores * 100),
                    Double.isNaN(pessoaJit) ? "–" : String.format(Locale.ROOT, "%.1f%%", pessoaJit * 100)));
            if (system.hasGateway()) row.add(Double.isNaN(gatewayJit) ? "–" : String.format(Locale.ROOT, "%.1f%%", gatewayJit * 100));
            Double gatlingJit = r.client() != null ? r.client().loadGeneratorCompileShare() : null;
            row.add(gatlingJit == null ? "–" : String.format(Locale.ROOT, "%.1f%%", gatlingJit * 100));
            row.add(prewarm(r.context().prewarm(), r.context().stack()) + measuredAgain(r.context().firstAttempt()));
            row.add(sampling(r.sampling()));
            rows.add(row);
        }
        return new ReportTables.Table("The observer's cost and the services' warmth (hold window)",
                "The lab samples every second: " + system.metricsEndpoints()
                        + " (only the metrics it reads), every component's CPU (from its cgroup where it has one, else /proc) and memory, "
                        + "the machine's CPU counters. Its own JVM's CPU is below, in cores and as a share of the machine; the services "
                        + "spend some CPU answering the scrapes too, inside their own figures. JIT: the time each service's compilers "
                        + "were at work in the window, as a share of it (elapsed time: a compiler thread waiting for a CPU that the "
                        + "request threads hold counts too); near zero means the service was warm. Gatling JIT: the load generator's, "
                        + "a fresh JVM in every run, as the simulation read it at the window's edges; shown, not judged: a fresh "
                        + "Gatling JVM is still compiling then, and measuring the cell again starts another. Prewarm: the load before the "
                        + "JVMs' first cell that waited for their JIT and throughput to settle (--prewarm), whether they did, the first cell's "
                        + "rehearsal (run once as it is measured, not counted) with its compilers' share of its window, and where this "
                        + "cell came among the cells measured on the same JVMs; a cell whose window compiled more than the prewarm's settled "
                        + Math.round(lab.vthreads.lab.measured.ExperimentResults.Prewarmed.SETTLED_SHARE * 100) + "% (the services together) was measured once more on them (unless the run "
                        + "was told --no-rerun-while-compiling), and its first window is named (its files in the cell's r1 folder). Samples dropped: the seconds whose reading failed, of all "
                        + "the sampler tried in the run, with the first error; beyond " + Math.round(ExperimentResults.Sampling.THIN * 100)
                        + "% the verdict names the run.",
                system.observerHeader(), rows);
    }

    /** The first attempt a compiling window made the lab replace, with its compilers' shares and throughput. */
    private static String measuredAgain(FirstAttempt first) {
        if (first == null) return "";
        return String.format(Locale.ROOT, "; **measured again**: its first window's compilers %s, %.1f req/s (%s)", compileShares(first.compileShares()),
                first.throughput(), first.folder());
    }

    /** Each service's compilers' share of a window, whole percent, in the services' order ("–": not measured). */
    private static String compileShares(Map<String, Double> shares) {
        return String.join(" / ", shares.values().stream().map(v -> v == null ? "–" : String.format(Locale.ROOT, "%.0f%%", v * 100)).toList());
    }

    private static String sampling(ExperimentResults.Sampling sampling) {
        if (sampling == null) return "not recorded";
        String count = sampling.dropped() + " of " + sampling.taken();
        if (sampling.dropped() == 0) return count;
        return (sampling.thin() ? "**" + count + "**" : count) + " (first: " + sampling.firstError() + ")";
    }

    private static String prewarm(ExperimentResults.Prewarmed prewarm, ExperimentResults.StackUse stack) {
        if (prewarm == null) return "none";
        String shared = stack == null || stack.order().size() < 2 ? ""
                : String.format(Locale.ROOT, "; cell %d of %d on these JVMs", stack.position(), stack.order().size());
        ExperimentResults.Prewarmed then = prewarm.withLatency();
        String withLatency = then == null ? ""
                : String.format(Locale.ROOT, ", then %.0f s with the CEP latency, %s", then.seconds(), then.settled() ? "settled" : "**not settled** at its cap");
        ExperimentResults.Rehearsal rehearsal = prewarm.rehearsal();
        String rehearsed = rehearsal == null ? "" : ", then " + rehearsal.cell() + " rehearsed (compilers " + compileShares(rehearsal.compileShares())
                + " of its window)";
        return String.format(Locale.ROOT, "%.0f s, %s%s%s%s", prewarm.seconds(), prewarm.settled() ? "settled" : "**not settled** at the cap", withLatency,
                rehearsed, shared);
    }
}
