package lab.vthreads.lab.run;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.process.ManagedProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A service's JVM read from the lab's side: a real JVM with no Actuator, no metrics and no HTTP port at all, whose
 * compile time, threads and heap still reach the samples, under both services' keys when it is a user's application.
 */
class ServiceJvmsTest {

    private static ManagedProcess javaProcess(Path dir, String name, String... flags) throws Exception {
        Path source = Files.writeString(dir.resolve("Busy.java"), """
                public class Busy {
                    public static void main(String[] args) throws Exception {
                        long sum = 0;
                        for (int i = 0; i < 200_000_000; i++) sum += Integer.toString(i).hashCode();
                        System.out.println(sum);
                        Thread.sleep(60_000);
                    }
                }
                """);
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> command = new java.util.ArrayList<>(List.of(java));
        command.addAll(List.of(flags));
        command.add(source.toString());
        return ManagedProcess.start(name, command, Map.of(), dir.resolve(name + ".log"));
    }

    @Test
    @Timeout(60)
    void anApplicationWithNoMetricsOfItsOwnIsReadFromItsJvmsCounters(@TempDir Path dir) throws Exception {
        ManagedProcess app = javaProcess(dir, "app");
        try {
            ServiceJvms jvms = new ServiceJvms();
            // Its counters appear once the JVM has created them, a moment after it starts; its JIT's once it compiled, its
            // heap's once the collector counted a region the loop allocated in.
            while (!jvms.read(app).map(r -> r.compileMs() > 0 && r.heapUsedMb() > 0).orElse(false)) Thread.sleep(50);
            Map<String, Double> sample = new HashMap<>();

            jvms.put(sample, Map.of("app", app), SampleNames.APPLICATION);

            // Under its own name alone, not the lab's services'.
            assertThat(sample.keySet()).allMatch(key -> key.startsWith("app."));
            for (String prefix : SampleNames.APPLICATION.services()) {
                assertThat(sample.get(SampleKeys.ServiceValue.JIT_MS.of(prefix))).as(prefix).isPositive();
                assertThat(sample.get(SampleKeys.ServiceValue.LIVE_THREADS.of(prefix))).as(prefix).isPositive();
                assertThat(sample.get(SampleKeys.ServiceValue.HEAP_MB.of(prefix))).as(prefix).isPositive();
                assertThat(sample.get(SampleKeys.ServiceValue.LOADED_CLASSES.of(prefix))).as(prefix).isPositive();
                assertThat(sample).as(prefix).containsKeys(SampleKeys.ServiceValue.GC_PAUSE_MS.of(prefix), SampleKeys.ServiceValue.SAFEPOINT_MS.of(prefix));
            }
            // Its JIT at work: the compile time grows between two readings a second apart.
            double before = sample.get(SampleKeys.ServiceValue.JIT_MS.of(SampleNames.APPLICATION.server()));
            Thread.sleep(1000);
            assertThat(jvms.read(app).orElseThrow().compileMs()).isGreaterThan(before);
        } finally {
            app.stop();
        }
    }

    @Test
    @Timeout(60)
    void aJvmThatPublishesNoCountersLeavesItsFiguresOutNotZero(@TempDir Path dir) throws Exception {
        ManagedProcess quiet = javaProcess(dir, "pessoa-service", "-XX:-UsePerfData");
        try {
            Thread.sleep(1000);
            Map<String, Double> sample = new HashMap<>();

            new ServiceJvms().put(sample, Map.of("pessoa-service", quiet), SampleNames.LABS_OWN);

            assertThat(sample).isEmpty();
        } finally {
            quiet.stop();
        }
    }
}
