package lab.vthreads.service;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class RequestIdsTest {

    @Test
    void keepsAnIdThatIsSafeToLog() {
        assertThat(RequestIds.acceptOrCreate("client-id_7.a:b")).isEqualTo("client-id_7.a:b");
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"has space", "line\nbreak", "<script>", "0123456789012345678901234567890123456789012345678901234567890123456789"})
    void replacesAMissingOrUnsafeIdWithANewUuid(String incoming) {
        assertThat(RequestIds.acceptOrCreate(incoming)).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    }

    @Test
    void namesEveryProblemTypeInTheLabsNamespace() {
        assertThat(ProblemTypes.of("cep-timeout")).hasToString("urn:vthreads-lab:problem:cep-timeout");
    }
}
