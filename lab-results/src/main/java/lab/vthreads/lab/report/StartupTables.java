package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.StartupCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** The start-up check's table: per kind of JVM, its starts, how many hung, the rate's interval and how fast the rest answered. */
final class StartupTables {

    private StartupTables() {
    }

    /**
     * The platform-thread kinds the cells ran whose starts the check did not make: its control, started only once a
     * kind with virtual threads hung with no carrier deadlock to explain it. Empty where the run had no start-up check,
     * or made every kind's.
     */
    static List<String> controlsNotStarted(ExperimentResults results) {
        if (results.startupChecks().isEmpty()) return List.of();
        return results.cells().stream().filter(c -> StartupCheck.control(c.mode()))
                .filter(c -> results.startupChecks().stream().noneMatch(check -> check.mode() == c.mode() && Objects.equals(check.variant(), c.variant())))
                .map(c -> c.variant() == null ? c.mode().label() : c.variant() + " " + c.mode().label()).distinct().toList();
    }

    /** Why the control was not started: no start with virtual threads hung, or each that hung was a deadlock of its carriers. */
    static String whyControlNotStarted(ExperimentResults results) {
        boolean hung = results.startupChecks().stream().filter(check -> !StartupCheck.control(check.mode())).anyMatch(check -> check.hung() > 0);
        return hung ? "the control for a hang, and each hang was a deadlock of the virtual threads' carriers, which a platform JVM cannot have"
                : "the control for a hang, and none hung";
    }

    static ReportTables.Table startups(ExperimentResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (StartupCheck check : results.startupChecks()) {
            var rate = check.hangRate();
            List<Long> slowest = check.starts().stream().filter(s -> s.outcome() != StartupCheck.Outcome.HUNG).map(StartupCheck.Start::slowestMs)
                    .filter(Objects::nonNull).sorted().toList();
            rows.add(List.of(check.stack(), Integer.toString(check.users()), check.bursts() + (check.kept() > 0 ? " (" + check.kept() + " kept)" : ""),
                    check.hung() > 0 ? "**" + check.hung() + "**" : "0",
                    rate == null ? "–" : String.format(Locale.ROOT, "%.0f-%.0f%%", rate.getLowerBound() * 100, rate.getUpperBound() * 100),
                    Integer.toString(check.deadlocked()), Integer.toString(check.didNotStart()),
                    check.mode().virtual() && check.carriers() != null ? check.carriers() : "–",
                    slowest.isEmpty() ? "–" : slowest.get(slowest.size() / 2) + " (" + slowest.getFirst() + "-" + slowest.getLast() + ")"));
        }
        for (String control : controlsNotStarted(results)) {
            rows.add(List.of(control, "–", "0", "–", "–", "–", "–", "–", "not started: " + whyControlNotStarted(results)));
        }
        int timeout = results.startupChecks().isEmpty() ? 0 : results.startupChecks().getFirst().timeoutSeconds();
        return new ReportTables.Table("Start-up check", "Each kind of JVM started again and again, fresh, before anything else ran, and sent its "
                + "cells' most users at once, taking the flows in turn (after each flow once, where its variant sets a firstPass: a pass that "
                + "hangs is a hung start). A start hung when a request got no answer within " + timeout + " s; its "
                + "threads were dumped (startup/<kind>/start-<i>/), and it deadlocked when every carrier was blocked. The interval is Wilson's, at 95%, "
                + "for the share of starts that hang: a small count of starts leaves it wide. The slowest answer is each burst's slowest request, "
                + "median (min-max) over the starts that did not hang. Starts kept from earlier runs of the same jar, scenario, settings and machine "
                + "count with this run's (\"kept\"): a run makes only as many as it lacks. A platform-thread JVM cannot deadlock in class loading "
                + "as a virtual-thread one can: its starts are the control, made only once a start with virtual threads hung without a deadlock "
                + "of every carrier to explain it, to tell that hang from a burst that would hang the application on any threads.",
                List.of("JVM", "users at once", "starts", "hung", "hang rate, 95% interval", "deadlocked", "did not start", "carriers",
                        "slowest answer (ms)"), rows);
    }
}
