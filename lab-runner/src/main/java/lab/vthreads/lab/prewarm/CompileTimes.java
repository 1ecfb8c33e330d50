package lab.vthreads.lab.prewarm;

import lab.vthreads.lab.run.ServiceJvms;
import lab.vthreads.lab.metrics.ActuatorLinks;
import lab.vthreads.lab.metrics.JvmCounters;
import lab.vthreads.lab.metrics.PrometheusScrape;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.progress.Progress;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where each service's compile time is read for the prewarm's rule: its JVM's own counters where the lab started it
 * (whatever the application publishes), else its metrics endpoint (a target the lab did not start), else nowhere, and
 * the prewarm then settles on its throughput and CPU per request alone instead of waiting out its cap.
 */
final class CompileTimes {

    /** One service's compile time, in cumulative milliseconds. */
    private sealed interface Source {
        double milliseconds();

        String describe();
    }

    private record FromCounters(JvmCounters counters) implements Source {
        public double milliseconds() {
            return counters.read().compileMs();
        }

        public String describe() {
            return "its JVM's own performance counters (" + counters.file().getParent().getFileName() + "/PID)";
        }
    }

    private record FromActuator(String management) implements Source {
        public double milliseconds() {
            return PrometheusScrape.of(management, List.of("jvm_compilation_time_ms")).sum("jvm_compilation_time_ms_total");
        }

        public String describe() {
            return "its metrics endpoint (" + ActuatorLinks.of(management).asked() + ")";
        }
    }

    private final Map<String, Source> readable = new LinkedHashMap<>();
    private final Map<String, String> unreadable = new LinkedHashMap<>();

    /**
     * @param managements each service's management base URL, by name
     * @param processes   the processes the lab started for them, by name; none for a target it did not start
     */
    CompileTimes(Map<String, String> managements, Map<String, ManagedProcess> processes) {
        ServiceJvms jvms = new ServiceJvms();
        managements.forEach((service, management) -> {
            ManagedProcess process = processes.get(service);
            var counters = process == null ? java.util.Optional.<JvmCounters>empty() : jvms.of(process);
            if (counters.isPresent() && !Double.isNaN(counters.get().read().compileMs())) {
                readable.put(service, new FromCounters(counters.get()));
                return;
            }
            FromActuator actuator = new FromActuator(management);
            if (!Double.isNaN(actuator.milliseconds())) {
                readable.put(service, actuator);
                return;
            }
            unreadable.put(service, (process == null ? "the lab did not start it, so it has no counters to read"
                    : "its JVM publishes no performance counters (started with -XX:-UsePerfData?)")
                    + "; and not from its metrics endpoint: " + ActuatorLinks.of(management).asked());
        });
    }

    /** The services whose compile time is read, in order. */
    Set<String> readable() {
        return readable.keySet();
    }

    /** Each readable service's cumulative compile milliseconds now; NaN for a reading missed. */
    Map<String, Double> now() {
        Map<String, Double> milliseconds = new LinkedHashMap<>();
        readable.forEach((service, source) -> milliseconds.put(service, source.milliseconds()));
        return milliseconds;
    }

    /** Once per run and service: where its compile time comes from, or why it is not read and what the prewarm does instead. */
    void sayWhereEachIsRead(Progress progress) {
        readable.forEach((service, source) -> progress.noteOnce("signals: " + service + "'s compile time from " + source.describe()));
        unreadable.forEach((service, why) -> progress.noteOnce("signals: " + service + "'s compile time is not read: " + why
                + ". The prewarm settles on the load generator's throughput and the services' CPU per request alone."));
    }
}
