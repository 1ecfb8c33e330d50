package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.CellResult;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.pinning.ServicePinning;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a team expects of a run, checked against it: a gate for CI. {@code virtual/platform >= 1.0 at 120} (the
 * throughput ratio of the medians, at one user level or at every level), {@code pinned == 0} (JFR's pinned events in
 * every cell's window), {@code errors == 0} (failed requests in every window), each optionally {@code at USERS}.
 *
 * @param users null: every level the run measured
 */
public record Expectation(String text, String metric, String operator, double value, Integer users) {

    private static final String MODE = java.util.Arrays.stream(ThreadMode.values()).map(ThreadMode::label).collect(java.util.stream.Collectors.joining("|", "(?:", ")"));
    private static final Pattern EXPRESSION = Pattern.compile(
            "\\s*(?<metric>" + MODE + "/" + MODE + "|pinned|errors)\\s*(?<op>>=|<=|==|!=|>|<)\\s*"
                    + "(?<value>[0-9]+(?:\\.[0-9]+)?)(?:\\s+at\\s+(?<users>[0-9]+))?\\s*");

    /** One expectation's verdict on a run: what it found, and whether that holds. */
    public record Outcome(Expectation expectation, boolean holds, String found) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "expect '%s': %s (%s)", expectation.text(), holds ? "holds" : "FAILS", found);
        }
    }

    /** @throws IllegalArgumentException naming the expression and the forms it may take */
    public static Expectation parse(String text) {
        Matcher m = EXPRESSION.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not an expectation: write MODE/MODE, pinned or errors, then >=, <=, >, <, == "
                    + "or !=, a number, and optionally 'at USERS' (e.g. 'virtual/platform >= 1.0 at 120', 'pinned == 0')");
        }
        String metric = m.group("metric");
        if (metric.contains("/") && metric.split("/")[0].equals(metric.split("/")[1])) {
            throw new IllegalArgumentException("'" + text + "' compares a mode with itself: name two modes, e.g. virtual/platform");
        }
        return new Expectation(text.strip(), metric, m.group("op"), Double.parseDouble(m.group("value")),
                m.group("users") != null ? Integer.valueOf(m.group("users")) : null);
    }

    public Outcome check(ExperimentResults results, Summary summary) {
        return metric.contains("/") ? ratio(summary) : total(results);
    }

    /** The ratio at each level both modes measured (every variant's); each must hold. */
    private Outcome ratio(Summary summary) {
        ThreadMode top = ThreadMode.valueOf(metric.split("/")[0].toUpperCase(Locale.ROOT));
        ThreadMode bottom = ThreadMode.valueOf(metric.split("/")[1].toUpperCase(Locale.ROOT));
        List<String> found = new ArrayList<>();
        boolean holds = true;
        for (int level : new TreeSet<>(summary.rows().stream().map(Summary.Row::users).toList())) {
            if (users != null && level != users) continue;
            for (Summary.Row a : summary.rows()) {
                if (a.users() != level || a.mode() != top || a.replica()) continue;
                Summary.Row b = summary.rows().stream().filter(r -> r.users() == level && r.mode() == bottom && !r.replica()
                        && java.util.Objects.equals(r.variant(), a.variant())).findFirst().orElse(null);
                if (b == null) continue;
                double ratio = a.throughput().median() / b.throughput().median();
                holds &= compare(ratio);
                found.add(String.format(Locale.ROOT, "%.2f× at %s%d users", ratio, a.variant() != null ? a.variant() + ", " : "", level));
            }
        }
        if (found.isEmpty()) {
            return new Outcome(this, false, "the run has no " + metric + " pair" + (users != null ? " at " + users + " users" : ""));
        }
        return new Outcome(this, holds, String.join(", ", found));
    }

    /** Pinned events or failed requests, added up over the windows of every cell (at one level, if named). */
    private Outcome total(ExperimentResults results) {
        double sum = 0;
        boolean recorded = false;
        for (CellResult cell : results.cells()) {
            if (users != null && cell.users() != users) continue;
            for (RepeatResult r : cell.repeats()) {
                if (metric.equals("errors")) {
                    sum += r.client().ko();
                    recorded = true;
                } else if (r.context().pinning() != null) {
                    for (ServicePinning p : r.context().pinning().values()) {
                        if (p.notRead() != null) continue;
                        sum += p.events();
                        recorded = true;
                    }
                }
            }
        }
        if (!recorded) {
            return new Outcome(this, false, metric.equals("pinned") ? "no pinning was recorded (no virtual cell, or --no-observe-threads)"
                    : "no cell" + (users != null ? " at " + users + " users" : "") + " was measured");
        }
        return new Outcome(this, compare(sum), String.format(Locale.ROOT, "%.0f %s", sum, metric.equals("pinned") ? "pinned events" : "failed requests"));
    }

    private boolean compare(double found) {
        return switch (operator) {
            case ">=" -> found >= value;
            case "<=" -> found <= value;
            case ">" -> found > value;
            case "<" -> found < value;
            case "==" -> found == value;
            default -> found != value;
        };
    }
}
