package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.pinning.BusiestSecondDump;
import lab.vthreads.lab.pinning.PinningRecording;
import lab.vthreads.lab.pinning.ServicePinning;
import lab.vthreads.lab.pinning.ThreadDumpSummary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Virtual-thread pinning per cell and service, from the JFR recording each service JVM the lab started keeps. */
final class PinningTables {

    private static final int STACK_FRAMES_SHOWN = 10;

    private PinningTables() {
    }

    static List<ReportTables.Table> all(ExperimentResults results) {
        List<ReportTables.Table> tables = new ArrayList<>();
        if (results.cells().stream().flatMap(c -> c.repeats().stream()).anyMatch(r -> r.context().pinning() != null)) tables.add(pinning(results));
        ReportTables.Table stacks = stacks(results);
        if (!stacks.rows().isEmpty()) tables.add(stacks);
        ReportTables.Table dumps = threadDumps(results);
        if (!dumps.rows().isEmpty()) tables.add(dumps);
        return tables;
    }

    static ReportTables.Table threadDumps(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (ExperimentResults.CellResult cell : results.cells()) {
            for (ExperimentResults.RepeatResult r : cell.repeats()) {
                if (r.context().threadDumps() == null) continue;
                for (ThreadDumpSummary d : r.context().threadDumps()) {
                    rows.add(List.of(cell.id() + " r" + r.repeat(), d.service(), String.format(Locale.ROOT, "%.0f s, %.0f req/s", d.second(), d.requestsPerSecond()),
                            d.threads() + " (" + d.virtualThreads() + " virtual)",
                            d.virtualByState().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")),
                            d.waitingAt().stream().map(w -> w.threads() + " at " + w.frame()).collect(Collectors.joining("; ")),
                            d.file()));
                }
            }
        }
        return new ReportTables.Table("Virtual threads at the busiest second (thread dump)", "In each virtual cell, each service's thread dump "
                + "(jcmd Thread.dump_to_file -format=json) at the busiest second of the hold window seen while at most "
                + BusiestSecondDump.MAX_TAKES + " dumps were taken; the virtual threads by state (PINNED: parked on its carrier) and by the "
                + "innermost frame outside the JDK, where they wait.",
                List.of("run", "service", "taken at (second, req/s served)", "threads", "virtual threads by state", "where the virtual threads wait",
                        "dump"), rows);
    }

    static ReportTables.Table pinning(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (ExperimentResults.CellResult cell : results.cells()) {
            List<ExperimentResults.RepeatResult> recorded = cell.repeats().stream().filter(r -> r.context().pinning() != null).toList();
            if (recorded.isEmpty()) continue;
            String jdk = recorded.stream().map(r -> r.context().jdk()).distinct().collect(Collectors.joining(", "));
            for (String service : recorded.getFirst().context().pinning().keySet()) {
                List<ServicePinning> each = recorded.stream().map(r -> r.context().pinning().get(service)).toList();
                if (each.stream().allMatch(p -> p == null || p.notRead() != null)) {
                    rows.add(List.of(cell.id(), jdk, service, "not read: " + each.stream().filter(p -> p != null).map(ServicePinning::notRead)
                            .findFirst().orElse("no recording"), "–", "–", "–", "–"));
                    continue;
                }
                rows.add(List.of(cell.id(), jdk, service, perRepeat(each, p -> (double) p.events(), 0), perRepeat(each, ServicePinning::pinnedMs, 0),
                        perRepeat(recorded, service), perRepeat(each, p -> (double) p.submitFailed(), 0), topFrame(each).orElse("–")));
            }
        }
        return new ReportTables.Table("Virtual-thread pinning (JFR)", String.format(Locale.ROOT,
                "From a JFR recording each service JVM keeps from its start (jdk.VirtualThreadPinned at %.0f ms and over, "
                        + "jdk.VirtualThreadSubmitFailed), read over each hold window; one figure per repeat. Pinned time is carrier time "
                        + "lost: a pinned virtual thread blocked and its carrier could run nothing else. On platform threads nothing can pin. "
                        + "The frame is the innermost synchronized method on the stack that pinned longest, else its innermost frame outside the JDK.",
                PinningRecording.THRESHOLD_MS),
                List.of("cell", "services' JDK", "service", "pinned events", "pinned time (ms)", "pinned carriers (pinned s per s)", "submits failed",
                        "frame that pinned"), rows);
    }

    static ReportTables.Table stacks(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (ExperimentResults.CellResult cell : results.cells()) {
            for (ExperimentResults.RepeatResult r : cell.repeats()) {
                if (r.context().pinning() == null) continue;
                for (Map.Entry<String, ServicePinning> service : r.context().pinning().entrySet()) {
                    for (ServicePinning.PinnedStack stack : service.getValue().top()) {
                        rows.add(List.of(cell.id() + " r" + r.repeat(), service.getKey(), stack.frame(), ReportTables.num(stack.events(), 0),
                                ReportTables.num(stack.pinnedMs(), 0), String.join(" ← ", stack.stack().subList(0, Math.min(STACK_FRAMES_SHOWN,
                                        stack.stack().size())))));
                    }
                }
            }
        }
        return new ReportTables.Table("Stacks that pinned longest", "Per repeat and service, at most three stacks by pinned time, innermost "
                + "frame first (the first " + STACK_FRAMES_SHOWN + " frames; results.json has more).",
                List.of("run", "service", "frame that pinned", "events", "pinned time (ms)", "stack"), rows);
    }

    private static String perRepeat(List<ServicePinning> each, java.util.function.ToDoubleFunction<ServicePinning> figure, int decimals) {
        return each.stream().map(p -> p == null || p.notRead() != null ? "–" : ReportTables.num(figure.applyAsDouble(p), decimals))
                .collect(Collectors.joining(" / "));
    }

    /** Pinned time ÷ the window's seconds: how many carriers pinning took on average. */
    private static String perRepeat(List<ExperimentResults.RepeatResult> recorded, String service) {
        return recorded.stream().map(r -> {
            ServicePinning p = r.context().pinning().get(service);
            if (p == null || p.notRead() != null || r.window() == null) return "–";
            return String.format(Locale.ROOT, "%.2f", p.carriersPinned(r.window().seconds()));
        }).collect(Collectors.joining(" / "));
    }

    private static Optional<String> topFrame(List<ServicePinning> each) {
        return each.stream().filter(p -> p != null && p.notRead() == null).flatMap(p -> p.top().stream())
                .max(Comparator.comparingDouble(ServicePinning.PinnedStack::pinnedMs)).map(ServicePinning.PinnedStack::frame);
    }
}
