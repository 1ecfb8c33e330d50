package lab.vthreads.contract.pessoa;

import java.time.Instant;
import java.util.List;

/** What a 201 and a GET answer, the same from every implementation of the contract. */
public record PessoaResponse(Long id, String cpf, String nome, Instant createdAt, List<EnderecoResponse> enderecos) {

    public record EnderecoResponse(String cep, String logradouro, String complemento, String bairro, String cidade, String uf) {
    }
}
