package lab.vthreads.pessoa.registration;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import lab.vthreads.contract.pessoa.PessoaResponse;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

@Entity
@Table(name = "pessoa")
public class Pessoa {

    // allocationSize must equal the sequence's INCREMENT BY in db/migration (pooled optimizer).
    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "pessoa_seq")
    @SequenceGenerator(name = "pessoa_seq", sequenceName = "pessoa_seq", allocationSize = 50)
    private Long id;

    @Column(nullable = false, length = 11)
    private String cpf;

    @Column(nullable = false, length = 100)
    private String nome;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @OneToMany(mappedBy = "pessoa", cascade = CascadeType.PERSIST)
    private List<Endereco> enderecos = new ArrayList<>();

    protected Pessoa() {
    }

    Pessoa(String cpf, String nome) {
        this.cpf = cpf;
        this.nome = nome;
        // PostgreSQL keeps microseconds; truncating here makes the 201 body equal what a later GET reads.
        this.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

    void addEndereco(Endereco endereco) {
        endereco.setPessoa(this);
        enderecos.add(endereco);
    }

    PessoaResponse toResponse() {
        return new PessoaResponse(id, cpf, nome, createdAt, enderecos.stream()
                .map(e -> new PessoaResponse.EnderecoResponse(e.getCep(), e.getLogradouro(), e.getComplemento(), e.getBairro(), e.getCidade(), e.getUf()))
                .toList());
    }

    public Long getId() {
        return id;
    }

    public String getCpf() {
        return cpf;
    }

    public String getNome() {
        return nome;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public List<Endereco> getEnderecos() {
        return enderecos;
    }
}
