package lab.vthreads.lab.experiment;

import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.LoadGenerators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A cache trained on other traffic is another cache: the training's key moves with everything it sends. */
class TrafficTrainerTest {

    private final Progress progress = new Progress(new PrintStream(new ByteArrayOutputStream()));

    private TrafficTrainer trainer(Path home, String simulation, Path scenario, int users) {
        return new TrafficTrainer(new LoadGenerators(home, simulation, List.of()), progress, home, simulation, scenario, users);
    }

    @Test
    void theKeyChangesWithTheSimulationTheScenarioItsPayloadsAndTheUsersAndOnlyWithThem(@TempDir Path home) throws Exception {
        Path scenario = home.resolve("shop/scenario.yaml");
        Files.createDirectories(scenario.getParent());
        Files.writeString(scenario, """
                payload:
                  - path: owners.csv
                scenarios:
                  - flow:
                      - get: /owners?name={{ name }}
                """);
        Files.writeString(home.resolve("shop/owners.csv"), "name\nAda\n");
        String key = trainer(home, "ScenarioSimulation", scenario, 120).key();

        assertThat(trainer(home, "ScenarioSimulation", scenario, 120).key()).isEqualTo(key).hasSize(12);
        assertThat(trainer(home, "ScenarioSimulation", scenario, 40).key()).isNotEqualTo(key);
        assertThat(trainer(home, "CreatePessoaSimulation", null, 120).key()).isNotEqualTo(key);
        // What else the folder holds (the user's own run log) sends nothing.
        Files.writeString(home.resolve("shop/run.log"), "Experiment 'app': ...");
        assertThat(trainer(home, "ScenarioSimulation", scenario, 120).key()).isEqualTo(key);
        // A payload the scenario names changed: the flows send other requests.
        Files.writeString(home.resolve("shop/owners.csv"), "name\nAda\nGrace\n");
        Files.setLastModifiedTime(home.resolve("shop/owners.csv"), FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        assertThat(trainer(home, "ScenarioSimulation", scenario, 120).key()).isNotEqualTo(key);
    }
}
