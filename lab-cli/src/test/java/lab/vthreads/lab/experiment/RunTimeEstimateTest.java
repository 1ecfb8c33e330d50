package lab.vthreads.lab.experiment;

import lab.vthreads.lab.plan.Preset;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class RunTimeEstimateTest {

    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theStartUpCheckCostsAStartPerKindOfJvmAndStartAndNothingWhereNoneIsAsked() {
        Preset app = Preset.resolve(HOME, "app");
        Preset lab = Preset.resolve(HOME, "default");

        // The app preset's two kinds (platform, virtual; the A/A copy shares the virtual JVMs), 5 starts each.
        assertThat(new RunTimeEstimate(app, app.cells()).startupChecks()).isEqualTo(Duration.ofSeconds(2 * 5 * 18));
        assertThat(new RunTimeEstimate(lab, lab.cells()).startupChecks()).isZero();
    }
}
