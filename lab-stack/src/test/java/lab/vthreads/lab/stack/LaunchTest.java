package lab.vthreads.lab.stack;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LaunchTest {

    @Test
    void theLabsOwnServicesStartFromTheirCacheAUsersJarAsItIsUnlessAsked() {
        assertThat(Launch.of(null, true)).isEqualTo(Launch.AOT);
        assertThat(Launch.of(null, false)).isEqualTo(Launch.JAR);
        assertThat(Launch.of("extracted", true)).isEqualTo(Launch.EXTRACTED);
        assertThat(Launch.of("aot", false)).isEqualTo(Launch.AOT);
        assertThat(Launch.of("aot-traffic", false)).isEqualTo(Launch.AOT_TRAFFIC);
    }

    @Test
    void anUnknownLaunchIsRefusedWithEveryOneItCouldBe() {
        assertThatThrownBy(() -> Factors.builder().launch("native").build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("launch must be one of jar, extracted, aot, aot-traffic, not native");
    }

    @Test
    void anotherHikariCpRunsFromTheJarAndTakesNoOtherLaunch() {
        StackSettings settings = new StackSettings(ThreadMode.VIRTUAL, Factors.builder().hikariCp("7.0.2").launch("aot").build(),
                StackSettings.StackPorts.DEFAULTS, java.util.Map.of(), null, java.nio.file.Path.of(".."), java.nio.file.Path.of("run"));

        assertThatThrownBy(() -> SpringServices.of(settings, StackSettings.Component.PESSOA)).hasMessageContaining("it takes no launch aot");
    }
}
