package lab.vthreads.pessoa.pessoa;

import java.time.Instant;
import java.util.List;

public record PessoaResponse(Long id, String cpf, String nome, Instant createdAt, List<EnderecoResponse> enderecos) {

    public record EnderecoResponse(String cep, String logradouro, String complemento, String bairro, String cidade, String uf) {
    }

    static PessoaResponse of(Pessoa pessoa) {
        return new PessoaResponse(pessoa.getId(), pessoa.getCpf(), pessoa.getNome(), pessoa.getCreatedAt(),
                pessoa.getEnderecos().stream()
                        .map(e -> new EnderecoResponse(e.getCep(), e.getLogradouro(), e.getComplemento(), e.getBairro(), e.getCidade(), e.getUf()))
                        .toList());
    }
}
