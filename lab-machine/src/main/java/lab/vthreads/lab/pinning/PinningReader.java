package lab.vthreads.lab.pinning;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A service's JFR recording read into its pinning figures over one window. */
public final class PinningReader {

    public static final int TOP = 3;
    public static final int FRAMES = 24;
    static final String PINNED = "jdk.VirtualThreadPinned";
    static final String SUBMIT_FAILED = "jdk.VirtualThreadSubmitFailed";

    private PinningReader() {
    }

    /** The events that started within [{@code from}, {@code to}]. */
    public static ServicePinning read(Path recording, Instant from, Instant to) throws IOException {
        int events = 0, submitFailed = 0;
        double pinnedMs = 0;
        Map<List<String>, Tally> byStack = new LinkedHashMap<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                Instant start = event.getStartTime();
                if (start.isBefore(from) || start.isAfter(to)) continue;
                String type = event.getEventType().getName();
                if (type.equals(SUBMIT_FAILED)) {
                    submitFailed++;
                } else if (type.equals(PINNED)) {
                    double ms = event.getDuration().toNanos() / 1e6;
                    events++;
                    pinnedMs += ms;
                    Frames frames = frames(event.getStackTrace());
                    byStack.computeIfAbsent(frames.lines(), k -> new Tally(frames.pinning())).add(ms);
                }
            }
        }
        List<ServicePinning.PinnedStack> top = byStack.entrySet().stream()
                .sorted(Comparator.comparingDouble((Map.Entry<List<String>, Tally> e) -> e.getValue().ms).reversed()).limit(TOP)
                .map(e -> new ServicePinning.PinnedStack(e.getValue().frame, e.getValue().events, e.getValue().ms, e.getKey())).toList();
        return new ServicePinning(events, pinnedMs, submitFailed, top, null);
    }

    private record Frames(List<String> lines, String pinning) {
    }

    private static Frames frames(RecordedStackTrace trace) {
        if (trace == null) return new Frames(List.of(), "(no stack trace)");
        List<String> lines = new ArrayList<>();
        String synchronizedFrame = null, firstOutsideJdk = null;
        for (RecordedFrame frame : trace.getFrames()) {
            if (!frame.isJavaFrame()) continue;
            String type = frame.getMethod().getType().getName();
            String line = type + "." + frame.getMethod().getName() + (frame.getLineNumber() > 0 ? ":" + frame.getLineNumber() : "");
            if (lines.size() < FRAMES) lines.add(line);
            if (synchronizedFrame == null && Modifier.isSynchronized(frame.getMethod().getModifiers())) synchronizedFrame = line;
            if (firstOutsideJdk == null && !jdk(type)) firstOutsideJdk = line;
        }
        return new Frames(List.copyOf(lines), synchronizedFrame != null ? synchronizedFrame : firstOutsideJdk != null ? firstOutsideJdk : lines.isEmpty() ? "(no Java frame)" : lines.getFirst());
    }

    private static boolean jdk(String type) {
        return type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun.") || type.startsWith("javax.");
    }

    private static final class Tally {
        final String frame;
        int events;
        double ms;

        Tally(String frame) {
            this.frame = frame;
        }

        void add(double pinnedMs) {
            events++;
            ms += pinnedMs;
        }
    }
}
