package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.faults.FaultEvent;
import lab.vthreads.lab.faults.FaultOutcome;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static lab.vthreads.lab.report.ReportTables.num;

/** What a preset's faults did: nothing lost (the rows against the 201s), each fault's recovery, and the per-second timeline. */
final class FaultTables {

    private FaultTables() {
    }

    static List<ReportTables.Table> all(ExperimentResults results) {
        List<ReportTables.Table> tables = new ArrayList<>();
        if (results.cells().stream().flatMap(c -> c.repeats().stream()).noneMatch(r -> r.context().faults() != null)) return tables;
        tables.add(nothingLost(results));
        tables.add(recoveries(results));
        for (ExperimentResults.CellResult cell : results.cells()) {
            cell.repeats().stream().filter(r -> r.context().faults() != null).findFirst().ifPresent(r -> tables.add(timeline(cell.id(), r.repeat(), r.context().faults())));
        }
        return tables;
    }

    static ReportTables.Table nothingLost(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (ExperimentResults.CellResult cell : results.cells()) {
            for (ExperimentResults.RepeatResult r : cell.repeats()) {
                FaultOutcome f = r.context().faults();
                if (f == null) continue;
                long requests = f.statuses().values().stream().mapToLong(Long::longValue).sum();
                rows.add(List.of(cell.id() + " r" + r.repeat(), num(requests, 0), num(f.created201(), 0),
                        f.rows() == null ? "unread: " + f.rowsError() : num(f.rows().pessoas(), 0),
                        count(f.lost()), count(f.unconfirmed()),
                        num(f.addressesIn201s(), 0) + " / " + (f.rows() == null ? "–" : num(f.rows().enderecos(), 0)),
                        f.rows() == null ? "–" : num(f.rows().withoutAddress(), 0),
                        num(f.http500(), 0), count(f.notProblemDetail()), errorsByStatus(f), f.passed() ? "yes" : "**no**"));
            }
        }
        return new ReportTables.Table("Faults: was anything lost?",
                "The whole run, warm-up included: every response by status, and what PostgreSQL holds afterwards (read with SQL, not "
                        + "through the service). Lost: 201s without a stored person. Unconfirmed: stored people no 201 reported (committed, "
                        + "but the answer never arrived). Passed: no 500, every error an RFC 9457 problem detail (application/problem+json), nothing lost or unconfirmed, every address of every 201 stored, "
                        + "no person without an address, and errors gone within " + num(FaultOutcome.RECOVERY_LIMIT_SECONDS, 0)
                        + " s after each fault was over. p99/max: the response times of that status.",
                List.of("run", "requests", "201s", "people stored", "lost", "unconfirmed", "addresses in 201s / stored", "people without address",
                        "HTTP 500", "errors not a ProblemDetail", "other answers (p99 / max ms)", "passed"), rows);
    }

    static ReportTables.Table recoveries(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (ExperimentResults.CellResult cell : results.cells()) {
            for (ExperimentResults.RepeatResult r : cell.repeats()) {
                if (r.context().faults() == null) continue;
                for (FaultOutcome.Recovery recovery : r.context().faults().events()) {
                    FaultEvent e = recovery.event();
                    rows.add(List.of(cell.id() + " r" + r.repeat(), e.kind().label(), num(e.startSecond(), 1), num(e.endSecond(), 1),
                            e.error() != null ? "**failed: " + e.error() + "**" : e.detail(),
                            recovery.recoverySeconds() == null ? "**errors until the next fault or the end**" : num(recovery.recoverySeconds(), 1),
                            slowestError(recovery), recovery.withinLimit() ? "yes" : "**no**"));
                }
            }
        }
        return new ReportTables.Table("Faults: each event and the recovery after it",
                "Seconds since the load started (the timeline's). Over: the component healthy again, or the injected faults removed. "
                        + "Errors for: from there to the end of the last second with any answer but 201, before the next fault. "
                        + "Slowest 502/504, for the CEP faults: the slowest cep-unavailable or cep-timeout answer from the fault's start "
                        + "until the limit after its end, against the limit: pessoa-service's CEP read timeout (one budget for all of a "
                        + "request's lookups) + " + num(FaultOutcome.CEP_ERROR_MARGIN * 100, 0) + "%. Within: both bounds kept.",
                List.of("run", "fault", "at (s)", "over (s)", "what the lab did", "errors for (s)", "slowest 502/504 / limit (ms)", "within the limits ("
                        + num(FaultOutcome.RECOVERY_LIMIT_SECONDS, 0) + " s; 502/504)"), rows);
    }

    private static String slowestError(FaultOutcome.Recovery recovery) {
        if (recovery.errorLimitMs() == null) return "–";
        String slowest = recovery.slowestErrorMs() == null || recovery.slowestErrorMs() < 0 ? "**not recorded**"
                : recovery.slowestErrorMs() > recovery.errorLimitMs() ? "**" + num(recovery.slowestErrorMs(), 0) + "**"
                : num(recovery.slowestErrorMs(), 0);
        return slowest + " / " + num(recovery.errorLimitMs(), 0);
    }

    /** One row per second of the hold window: the answers by status, and the faults that began or ended in it. */
    static ReportTables.Table timeline(String cell, int repeat, FaultOutcome f) {
        List<String> statuses = new ArrayList<>(f.timeline().keySet());
        List<String> header = new ArrayList<>(List.of("second"));
        statuses.forEach(s -> header.add(s.equals("none") ? "no response" : s));
        header.add("fault");
        List<List<String>> rows = new ArrayList<>();
        for (int s = f.holdWindow().get(0); s < f.holdWindow().get(1); s++) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(s)));
            for (String status : statuses) {
                List<Long> counts = f.timeline().get(status);
                long n = s < counts.size() ? counts.get(s) : 0;
                row.add(n == 0 ? "" : !status.equals("201") ? "**" + n + "**" : Long.toString(n));
            }
            row.add(marks(f, s));
            rows.add(row);
        }
        return new ReportTables.Table("Timeline: " + cell + " r" + repeat,
                "Answers per second by HTTP status during the hold window; errors in bold; each fault marked where it began and was over.",
                header, rows);
    }

    private static String marks(FaultOutcome f, int second) {
        List<String> marks = new ArrayList<>();
        for (FaultOutcome.Recovery r : f.events()) {
            FaultEvent e = r.event();
            if ((int) Math.floor(e.startSecond()) == second) marks.add("▶ " + e.kind().label());
            if ((int) Math.floor(e.endSecond()) == second) marks.add("■ " + e.kind().label() + " over");
        }
        return String.join(", ", marks);
    }

    private static String errorsByStatus(FaultOutcome f) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Long> e : f.statuses().entrySet()) {
            if (e.getKey().equals("201") || e.getValue() == 0) continue;
            Map<String, Double> latency = f.latencyByStatus().get(e.getKey());
            parts.add(String.format(Locale.ROOT, "%s × %,d%s", e.getKey().equals("none") ? "no response" : e.getKey(), e.getValue(),
                    latency == null ? "" : String.format(Locale.ROOT, " (%,.0f / %,.0f)", latency.get("p99"), latency.get("max"))));
        }
        return parts.isEmpty() ? "none" : String.join("; ", parts);
    }

    private static String count(long value) {
        return value < 0 ? "–" : value == 0 ? "0" : "**" + num(value, 0) + "**";
    }
}
