package lab.vthreads.lab.run;

import lab.vthreads.lab.load.LoadCounts;
import lab.vthreads.lab.pinning.StalledCarriers;
import lab.vthreads.lab.pinning.ThreadDumps;
import lab.vthreads.lab.process.ManagedProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A cold JVM's first requests watched while they wait, instead of waiting out their timeout: where nothing has been
 * answered for {@link Rule#QUIET_MS}, a thread dump of each service is read, and where one proves a deadlock (every
 * carrier blocked on a wait that can't end, StalledCarriers#proven) the check stops its load then, seconds after the
 * hang, where it used to wait the requests' whole timeout: the start-up check pays that wait on every hung start. A
 * JVM that is only slow (a first answer after 15 s) has carriers at work, or owners that will let go, and the watch
 * looks again only after as long again, so that its dumps cost a slow start little.
 */
public final class DeadlockWatch {

    /** How often the load generator's counts are read while nothing else happens. */
    private static final long POLL_MS = 1000;

    private final Map<String, Long> pids;
    private final Path dir;

    /**
     * @param pids the services' JVMs, by name; none to watch nothing (the load waited out as before)
     * @param dir  where the watch's dumps are read, each deleted once read: the hang's own dumps, the ones the run keeps
     *             and reports, are HangDumps', taken once the wait has ended
     */
    public DeadlockWatch(Map<String, Long> pids, Path dir) {
        this.pids = Map.copyOf(pids);
        this.dir = dir;
    }

    /** What the watch saw: the load generator's exit code, or the deadlock it confirmed and stopped the load for. */
    public sealed interface Outcome {
        record Exited(int code) implements Outcome {
        }

        /**
         * @param services       those whose dump proved it
         * @param quietSeconds   how long nothing had been answered
         * @param answeredBefore the answers that came before
         */
        record Deadlocked(List<String> services, long quietSeconds, long answeredBefore) implements Outcome {
        }
    }

    /**
     * Waits for the load generator as {@link LoadGenerators#await} does, and stops it where a deadlock is confirmed.
     *
     * @throws IllegalStateException where it outlasts {@code timeoutSeconds} (it is stopped), as {@link LoadGenerators#await}
     */
    public Outcome await(LoadGenerators load, ManagedProcess gatling, long timeoutSeconds) throws InterruptedException {
        if (pids.isEmpty()) return new Outcome.Exited(load.await(gatling, timeoutSeconds));
        long deadline = System.currentTimeMillis() + timeoutSeconds * 1000;
        LoadCounts counts = load.counts(gatling);
        Rule rule = new Rule();
        int looks = 0;
        while (System.currentTimeMillis() < deadline) {
            if (gatling.process().waitFor(POLL_MS, java.util.concurrent.TimeUnit.MILLISECONDS)) break;
            LoadCounts.Counts published = counts.read();
            if (published == null) continue;
            long now = System.currentTimeMillis();
            if (rule.at(now, published.answered()) != Rule.Step.LOOK) continue;
            List<String> deadlocked = look(++looks);
            if (rule.found(System.currentTimeMillis(), deadlocked)) {
                load.stop(gatling);
                return new Outcome.Deadlocked(deadlocked, rule.quietSeconds(now), published.answered());
            }
        }
        return new Outcome.Exited(load.await(gatling, Math.max(1, (deadline - System.currentTimeMillis()) / 1000)));
    }

    /** The services whose dump proves a deadlock; empty where none does. */
    private List<String> look(int n) throws InterruptedException {
        List<String> deadlocked = new ArrayList<>();
        for (Map.Entry<String, Long> service : pids.entrySet()) {
            Path file = dir.resolve(service.getKey() + "-threads-watch-" + n + ".json");
            try {
                ThreadDumps.take(service.getValue(), file);
                if (StalledCarriers.proven(file)) deadlocked.add(service.getKey());
            } catch (IOException e) {
                // A dump that can't be taken says nothing: the requests' own timeout still ends the wait.
            } finally {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // Left behind: a file in the run's folder, nothing more.
                }
            }
        }
        return deadlocked;
    }

    /** The watch's rule, apart from its clock and its dumps. */
    static final class Rule {

        /**
         * No answer for this long before a look: longer than a warm JVM's slowest answer to one user, short against
         * the requests' timeout; a cold JVM's slower first answers are told apart by the dump, not by this.
         */
        static final long QUIET_MS = 5000;

        enum Step { WAIT, LOOK }

        private long answered = -1;
        private long lastAnswerMs;
        private long nextLookMs;

        /** At {@code nowMs}, with {@code answered} answers published so far: whether to look now. */
        Step at(long nowMs, long answered) {
            if (answered != this.answered) {
                this.answered = answered;
                lastAnswerMs = nowMs;
                nextLookMs = nowMs + QUIET_MS;
                return Step.WAIT;
            }
            return nowMs >= nextLookMs ? Step.LOOK : Step.WAIT;
        }

        /** What a look at {@code nowMs} proved (the services deadlocked, none for none): whether the wait ends here. */
        boolean found(long nowMs, List<String> proven) {
            if (!proven.isEmpty()) return true;
            // Nothing proven: a slow JVM, or an owner that will let go. Look again only after as long again.
            nextLookMs = nowMs + QUIET_MS;
            return false;
        }

        long quietSeconds(long nowMs) {
            return Math.round((nowMs - lastAnswerMs) / 1000.0);
        }
    }
}
