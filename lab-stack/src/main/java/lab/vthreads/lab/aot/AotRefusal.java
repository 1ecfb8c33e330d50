package lab.vthreads.lab.aot;

import java.util.List;
import java.util.stream.Stream;

/**
 * A JVM's complaint about the AOT cache it was given, from its log. A cache the JVM refuses is only a slower start, so
 * the JVM runs on and says so on its first lines; whoever gave it the cache must say it too.
 */
public final class AotRefusal {

    private AotRefusal() {
    }

    /** The first complaint in the log's first 200 lines, or null. */
    public static String in(Stream<String> log) {
        List<String> errors = log.limit(200).filter(l -> l.contains("][error][aot]") || l.contains("][error][cds]"))
                .map(l -> l.replaceFirst("^\\[[^]]*]\\[error]\\[(aot|cds)] ", "")).toList();
        // The first line only says that there is an error; the next says which.
        return errors.stream().filter(e -> !e.startsWith("An error has occurred")).findFirst().orElse(errors.isEmpty() ? null : errors.getFirst());
    }
}
