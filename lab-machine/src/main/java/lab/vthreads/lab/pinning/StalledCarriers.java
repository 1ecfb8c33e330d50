package lab.vthreads.lab.pinning;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one hang a thread dump names by itself: every carrier of the virtual-thread scheduler BLOCKED. A carrier is
 * BLOCKED only while the virtual thread mounted on it is pinned (a native frame, such as the JVM's own call into a
 * class loader, or JDK 21's {@code synchronized}) and waits to enter a monitor. With every carrier so, no virtual
 * thread can run again, the one that holds that monitor included: a deadlock, whatever the load does next.
 */
public final class StalledCarriers {

    /** Where the BLOCKED virtual threads stand, most common first: enough to recognise the path, short enough to read. */
    static final int FRAMES_SHOWN = 3;

    /**
     * The known cause, named where the frames match it: Spring Boot's nested-jar class loader under virtual threads. A
     * class load is a native frame, so it pins its carrier; the loader's NestedJarFile methods are synchronized, so the
     * pinned thread waits for a lock that an unmounted virtual thread may hold, and with every carrier so it never runs.
     */
    static final String NESTED_JAR_CLASS_LOADING = "known cause: class loading through Spring Boot's nested-jar loader (its NestedJarFile "
            + "methods are synchronized; spring-boot issue 51463). JDK 26 (JDK-8369238) unpins some class-initialisation waits, not a "
            + "class being loaded. A jar extracted (java -Djarmode=tools -jar JAR extract) loads its classes without that loader";

    private StalledCarriers() {
    }

    /** @return what the dump shows, when every carrier is blocked; empty otherwise (or when it has no carriers) */
    public static Optional<String> read(Path dump) throws IOException {
        JsonNode containers = JsonMapper.builder().build().readTree(dump.toFile()).path("threadDump").path("threadContainers");
        for (JsonNode container : containers) {
            List<JsonNode> threads = new ArrayList<>();
            container.path("threads").forEach(threads::add);
            // The scheduler's pool is the container whose threads run continuations; an application's own ForkJoinPool is not.
            if (threads.isEmpty() || threads.stream().noneMatch(StalledCarriers::runsAContinuation)) continue;
            // Its carriers are its workers, busy or idle; JDK 25 keeps the pool's timer thread (DelayScheduler) in the same container.
            List<JsonNode> carriers = threads.stream().filter(StalledCarriers::isWorker).toList();
            if (carriers.isEmpty() || !carriers.stream().allMatch(t -> "BLOCKED".equals(t.path("state").asString()))) return Optional.empty();
            return Optional.of(String.format(java.util.Locale.ROOT, "every carrier (%d of %d) blocked, a pinned virtual thread on each waiting for a "
                    + "monitor: a deadlock; virtual threads blocked at %s%s", carriers.size(), carriers.size(), blockedVirtualThreads(containers),
                    inNestedJarClassLoading(containers) ? "; " + NESTED_JAR_CLASS_LOADING : ""));
        }
        return Optional.empty();
    }

    /**
     * Whether the dump proves the deadlock it shows, from the monitors' owners (JDK 25's JSON dump names them): every
     * carrier blocked, and each virtual thread blocked on a carrier waits, from owner to owner, on a virtual thread that
     * has no carrier to run on (or on a circle of blocked threads). Such a wait can't end: the owner needs a carrier to
     * let go, and every carrier waits on it. Where an owner is at work, a platform thread that will let go, or not
     * named, the dump proves nothing, however still it looks, and the caller waits for the requests' own timeout.
     */
    public static boolean proven(Path dump) throws IOException {
        if (read(dump).isEmpty()) return false;
        List<JsonNode> threads = new ArrayList<>();
        JsonMapper.builder().build().readTree(dump.toFile()).path("threadDump").path("threadContainers")
                .forEach(container -> container.path("threads").forEach(threads::add));
        Map<String, JsonNode> owners = new LinkedHashMap<>();
        for (JsonNode thread : threads) {
            thread.path("monitorsOwned").forEach(owned -> owned.path("locks").forEach(lock -> owners.putIfAbsent(lock.asString(), thread)));
        }
        List<JsonNode> onCarriers = threads.stream().filter(t -> t.has("carrier") && "BLOCKED".equals(t.path("state").asString())).toList();
        long carriers = threads.stream().filter(StalledCarriers::isWorker).count();
        if (onCarriers.size() < carriers) return false;
        for (JsonNode blocked : onCarriers) {
            if (!waitsOnAnUnmountedThread(blocked, owners)) return false;
        }
        return true;
    }

    private static boolean waitsOnAnUnmountedThread(JsonNode blocked, Map<String, JsonNode> owners) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        JsonNode waiting = blocked;
        while (true) {
            String monitor = waiting.path("blockedOn").asString("");
            if (monitor.isEmpty() || !seen.add(monitor)) return !monitor.isEmpty();
            JsonNode owner = owners.get(monitor);
            if (owner == null) return false;
            boolean virtual = owner.path("virtual").asBoolean(false);
            if (virtual && !owner.has("carrier")) return true;
            if (!"BLOCKED".equals(owner.path("state").asString())) return false;
            waiting = owner;
        }
    }

    /** A BLOCKED virtual thread inside a class load that goes through Spring Boot's loader. */
    private static boolean inNestedJarClassLoading(JsonNode containers) {
        for (JsonNode container : containers) {
            for (JsonNode thread : container.path("threads")) {
                List<String> stack = new ArrayList<>();
                thread.path("stack").forEach(f -> stack.add(f.asString()));
                if (!ThreadDumps.isVirtual(thread, stack) || !"BLOCKED".equals(thread.path("state").asString())) continue;
                boolean loading = stack.stream().anyMatch(f -> f.contains("java.lang.ClassLoader.loadClass"));
                boolean bootLoader = stack.stream().anyMatch(f -> f.contains("org.springframework.boot.loader."));
                if (loading && bootLoader) return true;
            }
        }
        return false;
    }

    private static boolean isWorker(JsonNode thread) {
        for (JsonNode frame : thread.path("stack")) {
            if (frame.asString().contains("java.util.concurrent.ForkJoinPool.runWorker")) return true;
        }
        return false;
    }

    private static boolean runsAContinuation(JsonNode thread) {
        for (JsonNode frame : thread.path("stack")) {
            if (frame.asString().contains("java.lang.VirtualThread.runContinuation")) return true;
        }
        return false;
    }

    private static String blockedVirtualThreads(JsonNode containers) {
        Map<String, Integer> at = new LinkedHashMap<>();
        for (JsonNode container : containers) {
            for (JsonNode thread : container.path("threads")) {
                List<String> stack = new ArrayList<>();
                thread.path("stack").forEach(f -> stack.add(f.asString()));
                if (!ThreadDumps.isVirtual(thread, stack) || !"BLOCKED".equals(thread.path("state").asString()) || stack.isEmpty()) continue;
                at.merge(ThreadDumps.withoutModule(stack.getFirst()), 1, Integer::sum);
            }
        }
        if (at.isEmpty()) return "(none in the dump)";
        return at.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(FRAMES_SHOWN)
                .map(e -> e.getKey() + " (" + e.getValue() + ")").collect(Collectors.joining(", "));
    }
}
