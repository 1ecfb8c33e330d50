package lab.vthreads.contract.suite;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(value = 3, unit = TimeUnit.MINUTES)
public abstract class CreatePessoaContract extends ContractTest {


    @Test
    void storesThePersonWithEachAddressCompletedFromTheCepApi() {
        String cpf = Cpfs.next();

        Http.Reply reply = http.postJson("/v1/pessoas", Http.pessoa(cpf, "FULANO DE TAL", "22041012", "01310-100"));

        assertThat(reply.status()).isEqualTo(201);
        JsonNode body = reply.json();
        assertThat(reply.header("Location")).isEqualTo("/v1/pessoas/" + body.get("id").asLong());
        assertThat(body.get("cpf").asString()).isEqualTo(cpf);
        assertThat(body.get("nome").asString()).isEqualTo("FULANO DE TAL");
        assertThat(body.get("enderecos")).hasSize(2);
        assertThat(body.get("enderecos").get(0).get("logradouro").asString()).isEqualTo("Rua Barata Ribeiro");
        assertThat(body.get("enderecos").get(1).get("cep").asString()).isEqualTo("01310100");

        assertThat(tables.pessoasWithCpf(cpf)).isEqualTo(1);
        assertThat(tables.enderecosOf(cpf)).containsExactly(
                Map.of("cep", "22041012", "logradouro", "Rua Barata Ribeiro", "bairro", "Copacabana", "cidade", "Rio de Janeiro", "uf", "RJ"),
                Map.of("cep", "01310100", "logradouro", "Avenida Paulista", "bairro", "Bela Vista", "cidade", "São Paulo", "uf", "SP"));
    }

    /** Whole, not chunked: one write per answer (ContentLengthFilter), for a 201 and for a problem alike. */
    @Test
    void answersWithAContentLengthInsteadOfChunks() {
        Http.Reply created = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "INTEIRO", "22041012"));
        Http.Reply problem = http.postJson("/v1/pessoas", "{\"cpf\":\"1\",\"nome\":\"X\",\"enderecos\":[{\"cep\":\"22041012\"}]}");

        assertThat(created.status()).isEqualTo(201);
        assertThat(problem.status()).isEqualTo(400);
        for (Http.Reply reply : new Http.Reply[]{created, problem}) {
            assertThat(reply.header("Transfer-Encoding")).isNull();
            assertThat(reply.header("Content-Length")).isEqualTo(Integer.toString(reply.body().getBytes(StandardCharsets.UTF_8).length));
        }
    }

    @Test
    void storesAFormattedCpfAsItsElevenDigits() {
        String cpf = Cpfs.next();
        String formatted = cpf.substring(0, 3) + "." + cpf.substring(3, 6) + "." + cpf.substring(6, 9) + "-" + cpf.substring(9);

        Http.Reply reply = http.postJson("/v1/pessoas", Http.pessoa(formatted, "BELTRANO", "01001000"));

        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.json().get("cpf").asString()).isEqualTo(cpf);
        assertThat(tables.pessoasWithCpf(cpf)).isEqualTo(1);
    }

    @Test
    void readsBackWhatWasCreatedAndCountsIt() {
        long before = http.get("/v1/pessoas/count").json().get("count").asLong();
        Http.Reply created = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "CICLANO", "70040010"));

        Http.Reply read = http.get(created.header("Location"));

        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(created.json());
        assertThat(http.get("/v1/pessoas/count").json().get("count").asLong()).isEqualTo(before + 1);
    }

    @Test
    void answersAnUnknownIdWithA404Problem() {
        Http.Reply reply = http.get("/v1/pessoas/987654321");

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
        assertThat(reply.json().get("detail").asString()).contains("987654321");
    }

    @Test
    void echoesTheRequestIdAndPutsItInProblems() {
        Http.Reply reply = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/v1/pessoas/1"))
                .header("X-Request-Id", "trace-me-42").GET());

        assertThat(reply.header("X-Request-Id")).isEqualTo("trace-me-42");
        assertThat(reply.json().get("requestId").asString()).isEqualTo("trace-me-42");
    }
}
