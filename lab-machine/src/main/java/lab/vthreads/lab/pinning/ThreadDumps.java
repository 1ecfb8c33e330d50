package lab.vthreads.lab.pinning;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Thread dumps that include virtual threads (JDK 21+'s JSON format, jcmd's Thread.dump_to_file), taken and summarised. */
public final class ThreadDumps {

    public static final int TOP = 5;

    private ThreadDumps() {
    }

    /** In the lab's own JVM ({@link Attach}): a virtual cell takes these while its window is measured. */
    public static void take(long pid, Path file) throws IOException, InterruptedException {
        Files.createDirectories(file.getParent());
        Attach.writeFile(pid, file, 30, "Thread.dump_to_file -overwrite -format=json " + file.toAbsolutePath());
    }

    public static ThreadDumpSummary summarise(String service, double second, double requestsPerSecond, Path dump, String relative) throws IOException {
        JsonNode root = JsonMapper.builder().build().readTree(dump.toFile()).path("threadDump");
        int threads = 0, virtual = 0;
        Map<String, Integer> byState = new TreeMap<>();
        Map<String, Integer> waiting = new LinkedHashMap<>();
        for (JsonNode container : root.path("threadContainers")) {
            for (JsonNode thread : container.path("threads")) {
                threads++;
                List<String> stack = new ArrayList<>();
                thread.path("stack").forEach(f -> stack.add(f.asString()));
                if (!isVirtual(thread, stack)) continue;
                virtual++;
                byState.merge(state(thread, stack), 1, Integer::sum);
                waiting.merge(waitingAt(stack), 1, Integer::sum);
            }
        }
        List<ThreadDumpSummary.Waiting> top = waiting.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(TOP)
                .map(e -> new ThreadDumpSummary.Waiting(e.getKey(), e.getValue())).toList();
        return new ThreadDumpSummary(service, second, requestsPerSecond, threads, virtual, byState, top, relative);
    }

    /** JDK 25's dump says so; JDK 21's does not, but a virtual thread's outermost frame is VirtualThread.run. */
    static boolean isVirtual(JsonNode thread, List<String> stack) {
        if (thread.has("virtual")) return thread.path("virtual").asBoolean();
        return !stack.isEmpty() && stack.getLast().contains("java.lang.VirtualThread.run");
    }

    static String state(JsonNode thread, List<String> stack) {
        if (stack.stream().anyMatch(f -> f.contains("java.lang.VirtualThread.parkOnCarrierThread"))) return "PINNED";
        if (thread.has("state")) return thread.path("state").asString();
        if (stack.isEmpty()) return "UNMOUNTED (no stack)";
        String top = stack.getFirst();
        return top.contains("VirtualThread.park") || top.contains("Unsafe.park") ? "WAITING (parked)" : "RUNNABLE";
    }

    /** A frame without its module or loader: "java.base/java.lang.Thread.sleep(...)" as "java.lang.Thread.sleep(...)". */
    static String withoutModule(String frame) {
        return frame.replaceFirst("^[\\w.-]+(@[\\w.+-]*)?//?", "");
    }

    /** The innermost frame outside the JDK, without its module and line: where the thread's own code waits. */
    static String waitingAt(List<String> stack) {
        for (String frame : stack) {
            // "java.base/java.lang.Thread.sleep(Thread.java:1)", "app//org.Foo.bar(Foo.java:2)": the module (or loader) goes.
            String plain = withoutModule(frame.replaceFirst("\\(.*\\)$", ""));
            if (frame.startsWith("java.base/") || plain.startsWith("java.") || plain.startsWith("jdk.") || plain.startsWith("sun.")) continue;
            return plain;
        }
        return stack.isEmpty() ? "(no stack)" : stack.getFirst().replaceFirst("\\(.*\\)$", "");
    }
}
