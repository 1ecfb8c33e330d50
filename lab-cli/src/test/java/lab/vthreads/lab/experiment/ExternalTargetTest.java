package lab.vthreads.lab.experiment;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The target file of ./lab run --target, and what the lab cannot do to a stack it did not start. */
class ExternalTargetTest {

    @TempDir
    Path dir;

    @Test
    void readsEachModesEndpointsAndRefusesACellInAModeItDoesNotDescribe() throws Exception {
        ExternalTarget target = ExternalTarget.read(file("""
                virtual:
                  gateway: http://gw.example:8080
                  pessoaManagement: http://pessoa.example:9081
                  gatewayManagement: http://gw.example:9080
                """));

        assertThat(target.of(ThreadMode.VIRTUAL).endpoints().gateway()).isEqualTo("http://gw.example:8080");
        assertThat(target.of(ThreadMode.VIRTUAL).endpoints().jdbcUrl()).isNull();
        assertThatThrownBy(() -> target.of(ThreadMode.PLATFORM)).hasMessageContaining("describes no platform stack");
        assertThatThrownBy(() -> target.of(ThreadMode.REACTIVE)).hasMessageContaining("describes no reactive stack");
    }

    @Test
    void aTargetIsASystemWithNothingForTheLabToStartAndNoCodeForItToTell() throws Exception {
        ExternalTarget target = ExternalTarget.read(file("""
                platform:
                  gateway: http://127.0.0.1:18080
                  pessoaManagement: http://127.0.0.1:19081
                  gatewayManagement: http://127.0.0.1:19080
                  jdbcUrl: jdbc:postgresql://127.0.0.1:15432/pessoas
                virtual:
                  gateway: http://127.0.0.1:28080
                  pessoaManagement: http://127.0.0.1:28080
                  gatewayManagement: http://127.0.0.1:28080
                  cepAdmin: http://127.0.0.1:28089
                """));
        lab.vthreads.lab.stack.SystemUnderTest platform = target.of(ThreadMode.PLATFORM), virtual = target.of(ThreadMode.VIRTUAL);

        assertThat(platform.services()).isEmpty();
        assertThat(platform.ports(null)).isEmpty();
        assertThat(platform.labHandsDatabase()).isFalse();
        assertThat(platform.implementation()).isEqualTo(virtual.implementation()).isEqualTo("target");
        // The lab's tables are emptied only where the file says where they are; the CEP latency switched only where it says how.
        assertThat(platform.dataBetweenRuns()).isEqualTo(lab.vthreads.lab.stack.SystemUnderTest.DataBetweenRuns.EMPTIED);
        assertThat(virtual.dataBetweenRuns()).isEqualTo(lab.vthreads.lab.stack.SystemUnderTest.DataBetweenRuns.KEPT);
        assertThat(platform.downstream()).isEqualTo(lab.vthreads.lab.stack.SystemUnderTest.Downstream.NONE);
        assertThat(virtual.downstream()).isEqualTo(lab.vthreads.lab.stack.SystemUnderTest.Downstream.CEP_API);
        // One URL for both management endpoints: one service in both places.
        assertThat(virtual.sampleNames()).isEqualTo(lab.vthreads.lab.metrics.SampleNames.APPLICATION);
        assertThat(platform.sampleNames()).isEqualTo(lab.vthreads.lab.metrics.SampleNames.LABS_OWN);
        // Its code is not the lab's to tell, so no run against it is the same code as another.
        assertThat(lab.vthreads.lab.measured.RunIdentity.of(dir, platform, null, null, 2).code()).isNull();
    }

    @Test
    void aTypoOrAMissingUrlIsAClearErrorNotANullLater() throws Exception {
        assertThatThrownBy(() -> ExternalTarget.read(file("""
                platform:
                  gatway: http://x:1
                """))).hasMessageContaining("gateway must be an http(s) URL and is missing");
        assertThatThrownBy(() -> ExternalTarget.read(file("""
                platform:
                  gateway: x:1
                  pessoaManagement: http://x:2
                  gatewayManagement: http://x:3
                """))).hasMessageContaining("gateway must be an http(s) URL");
        assertThatThrownBy(() -> ExternalTarget.read(file("""
                platform:
                  gateway: http://x:1
                  pessoaManagement: http://x:2
                  gatewayManagement: http://x:3
                  jdbcUrl: jdbc:mysql://x/db
                """))).hasMessageContaining("PostgreSQL JDBC URL");
        assertThatThrownBy(() -> ExternalTarget.read(dir.resolve("none.yaml"))).hasMessageContaining("No target file");
    }

    @Test
    void theFactorsOnlyAStackTheLabStartsCanTakeAreListedOnce() {
        Factors asked = Factors.builder().tomcatThreads(25).poolSize(10).cepLatency("fixed:50").client("patient").build();
        List<Cell> cells = List.of(new Cell(null, ThreadMode.PLATFORM, 20, asked), new Cell(null, ThreadMode.VIRTUAL, 20, asked));

        ExternalTarget target = new ExternalTarget(new lab.vthreads.lab.stack.Endpoints("http://127.0.0.1:1", "http://127.0.0.1:2", "http://127.0.0.1:3",
                null, null, null, null), new lab.vthreads.lab.stack.Endpoints("http://127.0.0.1:4", "http://127.0.0.1:5", "http://127.0.0.1:6", null, null, null, null));

        assertThat(target.unapplied(cells)).containsExactly("tomcatThreads=25", "poolSize=10");
        assertThat(target.unapplied(List.of(new Cell(null, ThreadMode.VIRTUAL, 20, Factors.NONE)))).isEmpty();
    }

    @Test
    void aStartUpCheckIsRefusedBeforeAnythingRuns() throws Exception {
        Path target = file("""
                virtual:
                  gateway: http://127.0.0.1:1
                  pessoaManagement: http://127.0.0.1:1
                  gatewayManagement: http://127.0.0.1:1
                """);
        var preset = lab.vthreads.lab.plan.TestPreset.named("tiny").modes("virtual").set("startupChecks", 3).build();
        ExternalRunner runner = new ExternalRunner(new ExternalRunner.Options(preset, false, Path.of(".."), dir.resolve("run"), target, 0.5,
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream())));

        assertThatThrownBy(runner::run).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("drop --startup-checks, or --target");
        assertThat(dir.resolve("run")).doesNotExist();
    }

    private Path file(String yaml) throws Exception {
        Path f = Files.createTempFile(dir, "target", ".yaml");
        Files.writeString(f, yaml);
        return f;
    }
}
