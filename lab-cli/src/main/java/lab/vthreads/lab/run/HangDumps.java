package lab.vthreads.lab.run;

import lab.vthreads.lab.pinning.StalledCarriers;
import lab.vthreads.lab.pinning.ThreadDumps;
import lab.vthreads.lab.progress.Progress;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A window without one successful request: each service's threads as the window leaves them, in either mode, so that
 * a JVM that hung says where (a hang outlasts the load; the busiest second's dump, taken only in virtual cells and only
 * at a second that served something, would have nothing to show), and what the dump names by itself (StalledCarriers).
 */
final class SilentWindow {

    private SilentWindow() {
    }

    /** @return by service, what its dump named; null when none named anything (or no dump could be taken) */
    static Map<String, String> dump(Map<String, Long> pids, String run, Path dir, Path resultsDirectory, Progress progress) {
        if (pids.isEmpty()) return null;
        Map<String, String> stalled = new LinkedHashMap<>();
        for (Map.Entry<String, Long> service : pids.entrySet()) {
            Path file = dir.resolve(service.getKey() + "-threads-served-nothing.json");
            try {
                ThreadDumps.take(service.getValue(), file);
                progress.note(run + ": served nothing in its window; " + service.getKey() + "'s threads after it: " + resultsDirectory.relativize(file));
                StalledCarriers.read(file).ifPresent(why -> {
                    stalled.put(service.getKey(), why);
                    progress.note(service.getKey() + ": " + why);
                });
            } catch (IOException e) {
                progress.note(run + ": served nothing, and " + service.getKey() + "'s thread dump failed too (" + e.getMessage() + ")");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return stalled.isEmpty() ? null : stalled;
    }
}
