package lab.vthreads.lab.prewarm;

import java.util.ArrayList;
import java.util.List;

/**
 * The gateway's cumulative request count and the services' cumulative CPU time, read once a second: whether the
 * services' CPU per request, or where it is not measured the request rate, has stopped changing.
 */
public final class PrewarmThroughput {

    private record Reading(double seconds, double count, double cpuSeconds) {
    }

    private final List<Reading> readings = new ArrayList<>();

    /** A missed scrape (NaN) adds nothing: the windows then span the readings around it. */
    void add(double seconds, double count) {
        add(seconds, count, Double.NaN);
    }

    /** @param cpuSeconds the services' cumulative CPU time; NaN where it is not measured */
    void add(double seconds, double count, double cpuSeconds) {
        if (!Double.isNaN(count)) readings.add(new Reading(seconds, count, cpuSeconds));
    }

    /**
     * Requests per second over the last {@link Prewarm#WINDOW_SECONDS}, or since the first count where fewer seconds have
     * one: the gateway has no request count until its first request completes, and a prewarm stopped at a short cap
     * on a slow machine had not read a whole window of counts. NaN until two counts are read.
     */
    double recent() {
        Reading[] w = recentWindow();
        return w == null ? Double.NaN : rate(w[0], w[1]);
    }

    /** The seconds {@link #recent()} spans: {@link Prewarm#WINDOW_SECONDS}, or fewer where fewer have a count; 0 before two counts. */
    double recentSeconds() {
        Reading[] w = recentWindow();
        return w == null ? 0 : w[1].seconds() - w[0].seconds();
    }

    private Reading[] recentWindow() {
        Reading[] w = windows(1);
        if (w != null) return w;
        if (readings.size() < 2) return null;
        return new Reading[]{readings.getFirst(), readings.getLast()};
    }

    /** The last window's rate ÷ the one before's − 1; NaN until two whole windows are read, or while nothing was served. */
    double trend() {
        Reading[] w = windows(2);
        if (w == null) return Double.NaN;
        double before = rate(w[0], w[1]);
        return before > 0 ? rate(w[1], w[2]) / before - 1 : Double.NaN;
    }

    boolean steady() {
        return within(trend());
    }

    /** The services' CPU milliseconds per request over the last {@link Prewarm#WINDOW_SECONDS}; NaN until that much is read or where not measured. */
    double cpuPerRequestMs() {
        Reading[] w = windows(1);
        return w == null ? Double.NaN : cpuPerRequest(w[0], w[1]) * 1000;
    }

    /** The last window's CPU per request ÷ the one before's − 1; NaN until two whole windows are read, or where not measured. */
    double cpuPerRequestTrend() {
        Reading[] w = windows(2);
        if (w == null) return Double.NaN;
        double before = cpuPerRequest(w[0], w[1]);
        return before > 0 ? cpuPerRequest(w[1], w[2]) / before - 1 : Double.NaN;
    }

    /** The services' CPU per request steady where it is measured; the request rate where it is not. */
    boolean servicesSteady() {
        Reading last = readings.isEmpty() ? null : readings.getLast();
        return last != null && !Double.isNaN(last.cpuSeconds()) ? within(cpuPerRequestTrend()) : steady();
    }

    private static boolean within(double trend) {
        return !Double.isNaN(trend) && Math.abs(trend) <= Prewarm.STEADY_TREND;
    }

    /** The readings that bound the last {@code count} windows of {@link Prewarm#WINDOW_SECONDS}, oldest first; null until they are read. */
    private Reading[] windows(int count) {
        if (readings.isEmpty()) return null;
        Reading[] bounds = new Reading[count + 1];
        bounds[count] = readings.getLast();
        for (int i = count - 1; i >= 0; i--) {
            bounds[i] = atOrBefore(bounds[i + 1].seconds() - Prewarm.WINDOW_SECONDS);
            if (bounds[i] == null) return null;
        }
        return bounds;
    }

    private Reading atOrBefore(double seconds) {
        Reading found = null;
        for (Reading r : readings) {
            if (r.seconds() <= seconds) found = r;
            else break;
        }
        return found;
    }

    private static double rate(Reading from, Reading to) {
        return to.seconds() > from.seconds() ? (to.count() - from.count()) / (to.seconds() - from.seconds()) : Double.NaN;
    }

    private static double cpuPerRequest(Reading from, Reading to) {
        double requests = to.count() - from.count();
        return requests > 0 ? (to.cpuSeconds() - from.cpuSeconds()) / requests : Double.NaN;
    }
}

