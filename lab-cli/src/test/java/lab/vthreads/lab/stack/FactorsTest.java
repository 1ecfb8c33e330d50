package lab.vthreads.lab.stack;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FactorsTest {

    @Test
    void aFactorTheOverrideNamesReplacesTheBaseOneAndTheOthersStay() {
        Factors base = Factors.builder().tomcatThreads(25).client("impatient").build();

        Factors cell = base.overriddenBy(Factors.builder().client("patient").jvmProcessors(1).build());

        assertThat(cell.tomcatThreads()).isEqualTo(25);
        assertThat(cell.client()).isEqualTo("patient");
        assertThat(cell.jvmProcessors()).isEqualTo(1);
        assertThat(base.overriddenBy(Factors.NONE)).isEqualTo(base);
    }

    @Test
    void refusesAClientItDoesNotKnowAndNoProcessors() {
        assertThatThrownBy(() -> Factors.builder().client("eager").build()).hasMessageContaining("impatient or patient");
        assertThatThrownBy(() -> Factors.builder().jvmProcessors(0).build()).hasMessageContaining("jvmProcessors");
    }

    @Test
    void theJvmIsToldTheProcessorsTheCellGivesOrElseItsLimits() {
        ResourceLimit limit = ResourceLimit.parse("2:2g");

        assertThat(limit.jvmFlags(1)).contains("-XX:ActiveProcessorCount=1");
        assertThat(limit.jvmFlags(null)).contains("-XX:ActiveProcessorCount=2");
    }
}
