package lab.vthreads.lab.run;

import lab.vthreads.lab.pinning.StalledCarriers;
import lab.vthreads.lab.pinning.ThreadDumps;
import lab.vthreads.lab.progress.Progress;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Services that stopped answering: each one's threads as the hang leaves them, in either mode, so that a JVM that hung
 * says where, and what the dump names by itself (StalledCarriers). Taken after the requests went unanswered: a hang
 * outlasts them (a deadlock does not undo itself), and the busiest second's dump, taken only in virtual cells and only at
 * a second that served something, would have nothing to show.
 *
 * @param files   by service, its dump relative to the results folder
 * @param stalled by service, what its dump named; absent where it named nothing or no dump could be taken
 */
public record HangDumps(Map<String, String> files, Map<String, String> stalled) {

    /**
     * @param what    what went unanswered, for the progress lines ("virtual-6u, repeat 1: served nothing in its window")
     * @param fileTag the dumps' name after the service's ("served-nothing": {@code app-threads-served-nothing.json})
     */
    public static HangDumps take(Map<String, Long> pids, String what, String fileTag, Path dir, Path resultsDirectory, Progress progress) {
        Map<String, String> files = new LinkedHashMap<>(), stalled = new LinkedHashMap<>();
        for (Map.Entry<String, Long> service : pids.entrySet()) {
            Path file = dir.resolve(service.getKey() + "-threads-" + fileTag + ".json");
            try {
                ThreadDumps.take(service.getValue(), file);
                files.put(service.getKey(), resultsDirectory.relativize(file).toString());
                progress.note(what + "; " + service.getKey() + "'s threads after it: " + resultsDirectory.relativize(file));
                StalledCarriers.read(file).ifPresent(why -> {
                    stalled.put(service.getKey(), why);
                    progress.note(service.getKey() + ": " + why);
                });
            } catch (IOException e) {
                progress.note(what + "; and " + service.getKey() + "'s thread dump failed too (" + e.getMessage() + ")");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return new HangDumps(files, stalled);
    }

    /** What the dumps named, by service; null where none named anything (the run's {@code stall}). */
    public Map<String, String> stalledOrNull() {
        return stalled.isEmpty() ? null : stalled;
    }
}
