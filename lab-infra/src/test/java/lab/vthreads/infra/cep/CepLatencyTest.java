package lab.vthreads.infra.cep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class CepLatencyTest {

    @Test
    void parsesEachProfile() {
        assertThat(CepLatency.parse("none")).isEqualTo(new CepLatency.None());
        assertThat(CepLatency.parse("fixed:1000")).isEqualTo(new CepLatency.FixedLatency(1000));
        assertThat(CepLatency.parse("uniform:100:300")).isEqualTo(new CepLatency.UniformLatency(100, 300));
        assertThat(CepLatency.parse("LogNormal:200:0.4")).isEqualTo(new CepLatency.LogNormalLatency(200, 0.4));
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "fixed:1000", "uniform:100:300", "lognormal:200:0.4"})
    void printsWhatItParses(String text) {
        assertThat(CepLatency.parse(text).text()).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "slow", "fixed", "fixed:-1", "fixed:abc", "uniform:300:100", "lognormal:0:0.4", "none:1", "lognormal:200"})
    void rejectsWhatItCannotParseWithTheAcceptedForms(String text) {
        assertThatIllegalArgumentException().isThrownBy(() -> CepLatency.parse(text))
                .withMessageContaining("lognormal:MEDIAN_MS:SIGMA");
    }

    @Test
    void knowsTheMeanOfEachProfile() {
        assertThat(new CepLatency.None().meanMillis()).isZero();
        assertThat(new CepLatency.FixedLatency(250).meanMillis()).isEqualTo(250);
        assertThat(new CepLatency.UniformLatency(100, 300).meanMillis()).isEqualTo(200);
        // exp(mu + sigma^2/2) with median e^mu = 200 and sigma 0.4: 200 * e^0.08 = 216.66
        assertThat(new CepLatency.LogNormalLatency(200, 0.4).meanMillis()).isCloseTo(216.66, within(0.01));
    }
}
