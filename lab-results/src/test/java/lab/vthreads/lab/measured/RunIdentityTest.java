package lab.vthreads.lab.measured;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.app.SpringBootJar;
import lab.vthreads.lab.stack.SystemUnderTest;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A run's code: the lab's commit, and what the system and its scenario add to it. */
class RunIdentityTest {

    @TempDir
    Path home;

    /** Where the user keeps their jar and scenario: not in the lab's checkout. */
    @TempDir
    Path user;

    private String head;

    @BeforeEach
    void aCheckout() throws Exception {
        Files.writeString(home.resolve("README.md"), "lab\n");
        git("init", "-q");
        git("add", "README.md");
        git("-c", "user.name=lab", "-c", "user.email=lab@127.0.0.1", "commit", "-q", "-m", "first");
        head = git("rev-parse", "HEAD").strip();
    }

    @Test
    void theLabsOwnServicesAreTheCommitAlone() {
        assertThat(RunIdentity.of(home, SystemUnderTest.of(ThreadMode.VIRTUAL, null), null, null, 2).code()).isEqualTo(head);
        assertThat(RunIdentity.of(home, SystemUnderTest.of(ThreadMode.REACTIVE, null), null, null, 2).code()).isEqualTo(head);
    }

    @Test
    void aUsersApplicationAddsItsSetUpAndItsScenarioByTheirContent() throws Exception {
        Path jar = Files.write(user.resolve("shop.jar"), new byte[]{1, 2, 3});
        Application shop = new Application(new SpringBootJar(jar, "4.0.3", "org.example.Shop", true), Map.of(), Map.of(), null, true, null, null);
        Path scenario = Files.writeString(user.resolve("scenario.yaml"), "scenarios: []\n");

        String code = RunIdentity.of(home, SystemUnderTest.of(ThreadMode.PLATFORM, shop), scenario, null, 2).code();
        assertThat(code).isEqualTo(head + " " + shop.identity() + " scenario " + lab.vthreads.lab.fingerprint.Fingerprints.content(scenario));
        // Whichever thread mode ran it: one application, one set-up.
        assertThat(RunIdentity.of(home, SystemUnderTest.of(ThreadMode.VIRTUAL, shop), scenario, null, 2).code()).isEqualTo(code);

        Files.writeString(scenario, "scenarios: [{flow: []}]\n");
        assertThat(RunIdentity.of(home, SystemUnderTest.of(ThreadMode.PLATFORM, shop), scenario, null, 2).code()).isNotEqualTo(code);
    }

    private String git(String... arguments) throws IOException, InterruptedException {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("git", "-C", home.toString()));
        command.addAll(java.util.List.of(arguments));
        Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes());
        assertThat(git.waitFor()).as("git %s: %s", String.join(" ", arguments), out).isZero();
        return out;
    }
}
