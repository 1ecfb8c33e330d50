package lab.vthreads.reactive.pessoa;

import io.r2dbc.spi.Parameters;
import io.r2dbc.spi.R2dbcType;
import lab.vthreads.contract.cep.CepAddress;
import lab.vthreads.contract.pessoa.PessoaResponse;
import lab.vthreads.contract.pessoa.PessoaResponse.EnderecoResponse;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The pessoa and endereco tables through R2DBC's DatabaseClient: plain SQL, as a reactive team without an ORM writes
 * it. Ids come from the same sequences as pessoa-service's, taken inside each INSERT (no extra round trip).
 */
@Repository
class PessoaStore {

    private final DatabaseClient database;

    PessoaStore(DatabaseClient database) {
        this.database = database;
    }

    /** Inserts the person, then each address in turn; a duplicate CPF fails the first INSERT (uk_pessoa_cpf). */
    Mono<PessoaResponse> insert(String cpf, String nome, List<String> ceps, List<CepAddress> addresses) {
        // PostgreSQL keeps microseconds; truncating here makes the 201 body equal what a later GET reads.
        Instant createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        return database.sql("INSERT INTO pessoa (id, cpf, nome, created_at) VALUES (nextval('pessoa_seq'), :cpf, :nome, :createdAt) RETURNING id")
                .bind("cpf", cpf).bind("nome", nome).bind("createdAt", createdAt)
                .map(row -> row.get("id", Long.class)).one()
                .flatMap(id -> Flux.range(0, ceps.size())
                        .concatMap(i -> insertEndereco(id, ceps.get(i), addresses.get(i)))
                        .collectList()
                        .map(enderecos -> new PessoaResponse(id, cpf, nome, createdAt, enderecos)));
    }

    private Mono<EnderecoResponse> insertEndereco(long pessoaId, String cep, CepAddress address) {
        EnderecoResponse endereco = new EnderecoResponse(cep, address.logradouro(), address.complemento(), address.bairro(),
                address.localidade(), address.uf());
        return database.sql("""
                        INSERT INTO endereco (id, pessoa_id, cep, logradouro, complemento, bairro, cidade, uf)
                        VALUES (nextval('endereco_seq'), :pessoaId, :cep, :logradouro, :complemento, :bairro, :cidade, :uf)""")
                .bind("pessoaId", pessoaId).bind("cep", cep)
                .bind("logradouro", text(endereco.logradouro())).bind("complemento", text(endereco.complemento()))
                .bind("bairro", text(endereco.bairro())).bind("cidade", endereco.cidade()).bind("uf", endereco.uf())
                .fetch().rowsUpdated()
                .thenReturn(endereco);
    }

    /** The person with their addresses in one query, as pessoa-service's fetch join. */
    Mono<PessoaResponse> find(long id) {
        return database.sql("""
                        SELECT p.id, p.cpf, p.nome, p.created_at, e.cep, e.logradouro, e.complemento, e.bairro, e.cidade, e.uf
                        FROM pessoa p LEFT JOIN endereco e ON e.pessoa_id = p.id WHERE p.id = :id ORDER BY e.id""")
                .bind("id", id)
                .map(row -> new Joined(row.get("id", Long.class), row.get("cpf", String.class), row.get("nome", String.class),
                        row.get("created_at", Instant.class), row.get("cep", String.class) == null ? null
                        : new EnderecoResponse(row.get("cep", String.class), row.get("logradouro", String.class), row.get("complemento", String.class),
                        row.get("bairro", String.class), row.get("cidade", String.class), row.get("uf", String.class))))
                .all()
                .collectList()
                .filter(rows -> !rows.isEmpty())
                .map(rows -> {
                    Joined first = rows.getFirst();
                    List<EnderecoResponse> enderecos = new ArrayList<>();
                    rows.stream().map(Joined::endereco).filter(e -> e != null).forEach(enderecos::add);
                    return new PessoaResponse(first.id(), first.cpf(), first.nome(), first.createdAt(), enderecos);
                });
    }

    Mono<Long> count() {
        return database.sql("SELECT count(*) AS n FROM pessoa").map(row -> row.get("n", Long.class)).one();
    }

    /** The API may leave these out; a null binds as SQL NULL of the column's type. */
    private static Object text(String value) {
        return value == null ? Parameters.in(R2dbcType.VARCHAR) : value;
    }

    private record Joined(Long id, String cpf, String nome, Instant createdAt, EnderecoResponse endereco) {
    }
}
