package lab.vthreads.contract.web;

import lab.vthreads.contract.pessoa.PessoaRequest;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The mapper both implementations read requests with: nothing ambiguous gets through. */
class JsonStrictnessTest {

    static final JsonMapper MAPPER;

    static {
        JsonMapper.Builder builder = JsonMapper.builder();
        new JsonStrictness().strictJson().customize(builder);
        MAPPER = builder.build();
    }

    @Test
    void readsAPlainRequest() {
        PessoaRequest request = MAPPER.readValue("{\"cpf\":\"89084980875\",\"nome\":\"X\",\"enderecos\":[{\"cep\":\"01001000\"}]}", PessoaRequest.class);

        assertThat(request.nome()).isEqualTo("X");
    }

    @Test
    void refusesAKeyGivenTwice() {
        assertThatExceptionOfType(JacksonException.class)
                .isThrownBy(() -> MAPPER.readValue("{\"cpf\":\"89084980875\",\"nome\":\"X\",\"nome\":\"Y\",\"enderecos\":[]}", PessoaRequest.class))
                .withMessageContaining("Duplicate Object property \"nome\"");
    }

    @Test
    void refusesContentAfterTheObject() {
        assertThatExceptionOfType(JacksonException.class)
                .isThrownBy(() -> MAPPER.readValue("{\"cpf\":\"89084980875\",\"nome\":\"X\",\"enderecos\":[]} {}", PessoaRequest.class))
                .withMessageContaining("Trailing token");
    }

    @Test
    void refusesANumberOrBooleanWhereTextBelongs() {
        assertThatExceptionOfType(JacksonException.class)
                .isThrownBy(() -> MAPPER.readValue("{\"cpf\":89084980875,\"nome\":\"X\",\"enderecos\":[]}", PessoaRequest.class));
        assertThatExceptionOfType(JacksonException.class)
                .isThrownBy(() -> MAPPER.readValue("{\"cpf\":\"89084980875\",\"nome\":true,\"enderecos\":[]}", PessoaRequest.class));
    }
}
