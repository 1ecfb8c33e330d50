package lab.vthreads.lab.pinning;

import java.io.IOException;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How many carriers a running JVM's virtual-thread scheduler has, in the JVM's own words ({@code jcmd PID
 * Thread.vthread_scheduler}): its parallelism follows the CPUs the JVM sees (its affinity, its cgroup, or
 * {@code -XX:ActiveProcessorCount}) unless {@code jdk.virtualThreadScheduler.parallelism} sets it, and which of those
 * applied is the JVM's to say, not the lab's to work out.
 */
public final class Carriers {

    private static final Pattern PARALLELISM = Pattern.compile("parallelism = (\\d+)");

    private Carriers() {
    }

    /** Empty where the JVM could not be asked or did not say (a JDK without the command). */
    public static OptionalInt of(long pid) {
        try {
            return parallelism(Attach.answer(pid, 10, "Thread.vthread_scheduler"));
        } catch (IOException e) {
            return OptionalInt.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.empty();
        }
    }

    /** The parallelism in the command's answer ("java.util.concurrent.ForkJoinPool@3b75[Running, parallelism = 3, size = 0, …]"). */
    static OptionalInt parallelism(String answer) {
        Matcher m = PARALLELISM.matcher(answer);
        return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    }
}
