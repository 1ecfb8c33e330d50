package lab.vthreads.lab.stack;

import lab.vthreads.lab.app.Application;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FirstPassTest {

    private static final StackSettings.StackPorts PORTS = new StackSettings.StackPorts(18080, 19080, 18081, 19081, 18089, 15432);

    @Test
    void unsaidAnApplicationsPairGetsItsScenarioAtOnceTheLabsOwnNothingAndABurstNothing() {
        assertThat(settings(Factors.NONE, app()).firstPass()).isEqualTo(FirstPass.AT_ONCE);
        assertThat(settings(Factors.NONE, null).firstPass()).isEqualTo(FirstPass.NONE);
        // A start-up check's burst is a fresh JVM's first traffic unless a variant asks for a pass before it.
        assertThat(FirstPass.beforeBurst(Factors.NONE)).isEqualTo(FirstPass.NONE);
    }

    @Test
    void whatTheFactorSaysHoldsBeforeEveryLoadAndEveryBurst() {
        for (FirstPass pass : FirstPass.values()) {
            Factors asked = Factors.builder().firstPass(pass.key()).build();
            assertThat(settings(asked, app()).firstPass()).isEqualTo(pass);
            assertThat(settings(asked, null).firstPass()).isEqualTo(pass);
            assertThat(FirstPass.beforeBurst(asked)).isEqualTo(pass);
        }
        assertThat(FirstPass.NONE.sends()).isFalse();
        assertThat(FirstPass.IN_TURN.sends()).isTrue();
    }

    @Test
    void anUnknownPassIsRefusedWithTheOnesThereAre() {
        assertThatThrownBy(() -> Factors.builder().firstPass("one-by-one").build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("firstPass must be one of none, at-once, in-turn, not one-by-one");
    }

    private static StackSettings settings(Factors factors, Application application) {
        return new StackSettings(ThreadMode.VIRTUAL, factors, PORTS, java.util.Map.of(), null, Path.of("/lab"), Path.of("/lab/results"))
                .withApplication(application);
    }

    private static Application app() {
        return SystemUnderTestTest.app(false, null);
    }
}
