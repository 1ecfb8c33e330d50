package lab.vthreads.lab.experiment;

import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PresetTest {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyPresetInTheRepositoryLoads() {
        assertThat(Preset.all(HOME)).extracting(Preset::name).contains("default", "paper");
    }

    @Test
    void theDefaultPresetComparesBothModesWhereTheThreadLimitCanBind() {
        Preset preset = Preset.resolve(HOME, "default");

        assertThat(preset.modes()).containsExactly(ThreadMode.PLATFORM, ThreadMode.VIRTUAL);
        // More users than Tomcat threads at the top level, fewer at the bottom: divergence and parity.
        assertThat(preset.users().getLast()).isGreaterThan(preset.tomcatThreads());
        assertThat(preset.users().getFirst()).isLessThanOrEqualTo(preset.tomcatThreads());
    }

    @Test
    void thePaperPresetHasTheSeedsSettingsAndAShortVariant() {
        Preset paper = Preset.resolve(HOME, "paper");

        assertThat(paper.users()).containsExactly(100, 500, 1000);
        assertThat(paper.tomcatThreads()).isEqualTo(400);
        assertThat(paper.cepLatency()).isEqualTo("fixed:200");
        assertThat(List.of(paper.rampUpSeconds(), paper.holdSeconds(), paper.rampDownSeconds())).containsExactly(60, 120, 30);
        Preset shortPaper = paper.shortened();
        assertThat(shortPaper.holdSeconds()).isLessThan(paper.holdSeconds());
        assertThat(shortPaper.users()).isEqualTo(paper.users());
    }

    @Test
    void overridesFromTheCommandLineReplaceOnlyWhatTheyName() {
        Preset preset = Preset.resolve(HOME, "default").with(List.of(50), null, 10, null, 3, null, null, "none");

        assertThat(preset.users()).containsExactly(50);
        assertThat(preset.holdSeconds()).isEqualTo(10);
        assertThat(preset.repeat()).isEqualTo(3);
        assertThat(preset.cepLatency()).isEqualTo("none");
        assertThat(preset.modes()).hasSize(2);
    }

    @Test
    void rejectsAPresetWithAnUnknownKeyOrABadValue(@TempDir Path dir) throws IOException {
        Path typo = dir.resolve("typo.yaml");
        Files.writeString(typo, Files.readString(HOME.resolve("presets/default.yaml")).replace("holdSeconds", "holdSecs"));
        Path badLatency = dir.resolve("bad.yaml");
        Files.writeString(badLatency, Files.readString(HOME.resolve("presets/default.yaml")).replace("lognormal:200:0.4", "slow"));

        Path unknown = dir.resolve("unknown.yaml");
        Files.writeString(unknown, Files.readString(HOME.resolve("presets/default.yaml")) + "colour: red\n");

        // A misspelt key leaves its field unset; an extra key is refused by name.
        assertThatIllegalArgumentException().isThrownBy(() -> Preset.load(typo)).withMessageContaining("holdSeconds");
        assertThatIllegalArgumentException().isThrownBy(() -> Preset.load(unknown)).withMessageContaining("colour");
        assertThatIllegalArgumentException().isThrownBy(() -> Preset.load(badLatency)).withMessageContaining("slow");
        assertThatIllegalArgumentException().isThrownBy(() -> Preset.resolve(HOME, "no-such-preset")).withMessageContaining("--list-presets");
    }
}
