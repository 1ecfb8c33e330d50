package lab.vthreads.lab.prewarm;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Each service's cumulative compile time over the last {@link Prewarm#WINDOW_SECONDS}: whether all of them settled. */
public final class PrewarmCompilers {

    private record Reading(double seconds, double milliseconds) {
    }

    private final Map<String, Deque<Reading>> readings = new LinkedHashMap<>();

    PrewarmCompilers(Set<String> services) {
        services.forEach(s -> readings.put(s, new ArrayDeque<>()));
    }

    /** A service missing from a scrape (restarting, busy) adds nothing; its window then needs longer to fill. */
    void add(double seconds, Map<String, Double> milliseconds) {
        milliseconds.forEach((service, ms) -> {
            Deque<Reading> window = readings.get(service);
            if (window == null || ms == null || ms.isNaN()) return;
            window.addLast(new Reading(seconds, ms));
            // Keep the newest reading at least WINDOW_SECONDS old as the first, so the window spans the whole of it.
            while (window.size() > 2 && second(window).seconds() <= seconds - Prewarm.WINDOW_SECONDS) window.removeFirst();
        });
    }

    private static Reading second(Deque<Reading> window) {
        var readings = window.iterator();
        readings.next();
        return readings.next();
    }

    /** Every service has a full window, and compiled for less than {@link lab.vthreads.lab.measured.ExperimentResults.Prewarmed#SETTLED_SHARE} of it. */
    boolean settled() {
        return shares().values().stream().allMatch(share -> !share.isNaN() && share < lab.vthreads.lab.measured.ExperimentResults.Prewarmed.SETTLED_SHARE);
    }

    /** The compile time over each service's window (at least {@link Prewarm#WINDOW_SECONDS} long), as a share of it; NaN until then. */
    Map<String, Double> shares() {
        Map<String, Double> shares = new LinkedHashMap<>();
        readings.forEach((service, window) -> {
            if (window.size() < 2 || window.peekLast().seconds() - window.peekFirst().seconds() < Prewarm.WINDOW_SECONDS) {
                shares.put(service, Double.NaN);
                return;
            }
            double wall = window.peekLast().seconds() - window.peekFirst().seconds();
            shares.put(service, Math.max(0, window.peekLast().milliseconds() - window.peekFirst().milliseconds()) / 1000 / wall);
        });
        return shares;
    }

    /** Each service's share as a whole percent, "unknown" where NaN: for the progress lines. */
    public static String describe(Map<String, Double> shares) {
        StringBuilder text = new StringBuilder();
        shares.forEach((service, share) -> text.append(text.isEmpty() ? "" : ", ").append(service).append(' ')
                .append(share.isNaN() ? "unknown" : String.format(Locale.ROOT, "%.0f%%", share * 100)));
        return text.toString();
    }
}
