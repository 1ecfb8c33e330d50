package lab.vthreads.lab.experiment;

import lab.vthreads.lab.plan.Preset;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class RunTimeEstimateTest {

    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theStartUpCheckCostsAStartPerKindOfJvmWithVirtualThreadsAndStartAndNothingWhereNoneIsAsked() {
        Preset app = Preset.resolve(HOME, "app");
        Preset lab = Preset.resolve(HOME, "default");

        // The app preset's virtual kind (the A/A copy shares its JVMs), 5 starts; the platform kind, its control, only after a hang.
        assertThat(new RunTimeEstimate(app, app.cells()).startupChecks()).isEqualTo(Duration.ofSeconds(5 * 18));
        assertThat(new RunTimeEstimate(lab, lab.cells()).startupChecks()).isZero();
    }
}
