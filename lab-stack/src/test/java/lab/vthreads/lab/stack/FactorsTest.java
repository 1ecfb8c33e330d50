package lab.vthreads.lab.stack;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FactorsTest {

    @Test
    void aFactorTheOverrideNamesReplacesTheBaseOneAndTheOthersStay() {
        Factors base = Factors.builder().tomcatThreads(25).client("impatient").jdk("25").cepLock("synchronized").build();

        Factors cell = base.overriddenBy(Factors.builder().client("patient").jvmProcessors(1).jdk("21").build());

        assertThat(cell.jdk()).isEqualTo("21");
        assertThat(cell.cepLock()).isEqualTo("synchronized");
        assertThat(cell.tomcatThreads()).isEqualTo(25);
        assertThat(cell.client()).isEqualTo("patient");
        assertThat(cell.jvmProcessors()).isEqualTo(1);
        assertThat(base.overriddenBy(Factors.NONE)).isEqualTo(base);
    }

    @Test
    void refusesAClientItDoesNotKnowAndNoProcessors() {
        assertThatThrownBy(() -> Factors.builder().client("eager").build()).hasMessageContaining("impatient or patient");
        assertThatThrownBy(() -> Factors.builder().jvmProcessors(0).build()).hasMessageContaining("jvmProcessors");
        assertThatThrownBy(() -> Factors.builder().cepLock("volatile").build()).hasMessageContaining("none, synchronized, reentrant-lock");
        assertThatThrownBy(() -> Factors.builder().jdk(" ").build()).hasMessageContaining("jdk");
    }

    @Test
    void theJvmIsToldTheProcessorsTheCellGivesOrElseItsLimits() {
        ResourceLimit limit = ResourceLimit.parse("2:2g");

        assertThat(limit.jvmFlags(1)).contains("-XX:ActiveProcessorCount=1");
        assertThat(limit.jvmFlags(null)).contains("-XX:ActiveProcessorCount=2");
    }

    /** The faults report bounds the CEP errors by the read timeout: the lab's idea of the default must be the service's. */
    @Test
    @SuppressWarnings("unchecked")
    void theCepReadTimeoutWithoutAFactorIsPessoaServicesOwn() throws IOException {
        Map<String, Object> defaults;
        try (Reader reader = Files.newBufferedReader(Path.of("..", "pessoa-service", "src/main/resources/application.yaml"))) {
            defaults = (Map<String, Object>) new Yaml().loadAll(reader).iterator().next();
        }
        Map<String, Object> cep = (Map<String, Object>) ((Map<String, Object>) defaults.get("lab")).get("cep");

        assertThat(cep.get("read-timeout")).isEqualTo(Factors.SERVICE_CEP_READ_TIMEOUT_MS / 1000 + "s");
        assertThat(Factors.NONE.effectiveCepReadTimeoutMs()).isEqualTo(Factors.SERVICE_CEP_READ_TIMEOUT_MS);
        assertThat(Factors.builder().cepReadTimeoutMs(700).build().effectiveCepReadTimeoutMs()).isEqualTo(700);
    }
}
