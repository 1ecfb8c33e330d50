package lab.vthreads.corpus;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.List;

/**
 * With {@code corpus.cold-start-deadlock=true}, {@code GET /cold} deadlocks the JVM on its first request when it runs
 * on a virtual thread, the way a cold start can in a class loader whose methods are synchronized: a virtual thread
 * takes a monitor and unmounts while it holds it (JEP 491 lets it); then, on every carrier, a virtual thread
 * initialises a class whose static initialiser enters that monitor. The JVM runs a static initialiser from a native
 * frame, which pins the carrier, so each carrier is BLOCKED on the monitor, and the holder never gets one back to
 * release it. It takes two carriers at most (a JVM with more answers at once): run it with
 * {@code -Djdk.virtualThreadScheduler.parallelism=2} or fewer. On platform threads it answers at once.
 *
 * <p>Only the JVM's first request sets the trap; requests that arrive with it (a burst on a cold JVM) answer at once
 * when they get a carrier. So the JVM deadlocks, or answers everyone, by its carriers alone, whatever the burst: a
 * second request running the same classes' initialisers would wait for the first's initialisation, not on the
 * monitor, and the holder, which lets go once every initialiser is BLOCKED there, would wait for it forever.
 */
@RestController
@ConditionalOnProperty(name = "corpus.cold-start-deadlock", havingValue = "true")
class ColdStartDeadlock {

    static final Object SHARED = new Object();

    private final java.util.concurrent.atomic.AtomicBoolean armed = new java.util.concurrent.atomic.AtomicBoolean(true);

    // curl http://127.0.0.1:8080/cold
    @GetMapping("/cold")
    String cold() throws InterruptedException {
        if (!Thread.currentThread().isVirtual()) return "answered on a platform thread";
        if (!armed.getAndSet(false)) return "answered on a virtual thread, beside the first request";
        List<Runnable> classes = List.of(First::touch, Second::touch);
        int carriers = Math.min(classes.size(), Integer.getInteger("jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors()));
        List<Thread> initialisers = new ArrayList<>();
        for (int i = 0; i < carriers; i++) initialisers.add(Thread.ofVirtual().name("initialiser-" + i).unstarted(classes.get(i)));
        // The holder lets go only once every initialiser is blocked on the monitor: with a carrier pinned under each,
        // its last sleep never ends, whatever the timing; with a carrier to spare, it ends, and the request is answered.
        Thread holder = Thread.ofVirtual().name("holder").start(() -> {
            synchronized (SHARED) {
                initialisers.forEach(Thread::start);
                while (initialisers.stream().anyMatch(t -> t.getState() != Thread.State.BLOCKED)) sleep(10);
                sleep(100);
            }
        });
        holder.join();
        for (Thread initialiser : initialisers) initialiser.join();
        return "answered on a virtual thread";
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // One class per carrier: a thread waiting for another's initialisation of the same class would not be BLOCKED on the monitor.
    static final class First {
        static { synchronized (SHARED) { } }
        static void touch() { }
    }

    static final class Second {
        static { synchronized (SHARED) { } }
        static void touch() { }
    }
}
