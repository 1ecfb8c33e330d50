package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.stack.StackSettings.Component;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RunProcessesTest {

    @TempDir
    Path dir;

    @RegisterExtension
    final StartedProcesses started = new StartedProcesses();

    private ManagedProcess sleeping(String name) {
        return started.start(name, List.of("sleep", "60"), dir.resolve(name + ".log"));
    }

    @Test
    void theServicesAreTheOnesWhoseCpuPerRequestAndThreadsTheLabReadsAndTheLoadGeneratorJoinsTheNamesLast() {
        Map<Component, ManagedProcess> stack = new EnumMap<>(Component.class);
        stack.put(Component.GATEWAY, sleeping("gateway"));
        stack.put(Component.POSTGRES, sleeping("postgres"));
        stack.put(Component.PESSOA, sleeping("pessoa"));
        RunProcesses processes = RunProcesses.of(stack);
        ManagedProcess gatling = sleeping("gatling");

        RunProcesses withLoad = processes.withLoadGenerator(gatling);

        assertThat(processes.services()).containsOnlyKeys("pessoa-service", "gateway-service");
        assertThat(processes.servicePids()).containsEntry("pessoa-service", stack.get(Component.PESSOA).pid());
        assertThat(processes.byName()).doesNotContainKey(RunProcesses.LOAD_GENERATOR);
        assertThat(withLoad.byName().keySet()).containsExactly("postgres", "pessoa-service", "gateway-service", RunProcesses.LOAD_GENERATOR);
        assertThat(withLoad.services()).doesNotContainKey(RunProcesses.LOAD_GENERATOR);
    }

    @Test
    void aRestartedComponentIsReadFromItsNewProcess() {
        ManagedProcess first = sleeping("pessoa-1");
        RunProcesses processes = RunProcesses.of(Map.of(Component.PESSOA, first)).withLoadGenerator(sleeping("gatling"));
        ManagedProcess second = sleeping("pessoa-2");

        processes.replace(Component.PESSOA, second);

        assertThat(processes.byName().get("pessoa-service").pid()).isEqualTo(second.pid()).isNotEqualTo(first.pid());
        assertThat(processes.servicePids()).containsEntry("pessoa-service", second.pid());
    }

    @Test
    void aStackTheLabDidNotStartHasNothingToRead() {
        assertThat(RunProcesses.NONE.isEmpty()).isTrue();
        assertThat(RunProcesses.NONE.services()).isEmpty();
        assertThat(RunProcesses.NONE.byName()).isEmpty();
    }
}
