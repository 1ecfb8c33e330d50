package lab.vthreads.reactive.pessoa;

import io.r2dbc.spi.Parameters;
import io.r2dbc.spi.R2dbcType;
import lab.vthreads.contract.cep.CepAddress;
import lab.vthreads.contract.pessoa.PessoaResponse;
import lab.vthreads.contract.pessoa.PessoaResponse.EnderecoResponse;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
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

    /**
     * Inserts the person, then all their addresses in one multi-row INSERT: the same round trips as pessoa-service's
     * Hibernate, which batches the addresses (hibernate.jdbc.batch_size). A duplicate CPF fails the first INSERT
     * (uk_pessoa_cpf).
     */
    Mono<PessoaResponse> insert(String cpf, String nome, List<String> ceps, List<CepAddress> addresses) {
        // PostgreSQL keeps microseconds; truncating here makes the 201 body equal what a later GET reads.
        Instant createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        List<EnderecoResponse> enderecos = new ArrayList<>(ceps.size());
        for (int i = 0; i < ceps.size(); i++) {
            CepAddress address = addresses.get(i);
            enderecos.add(new EnderecoResponse(ceps.get(i), address.logradouro(), address.complemento(), address.bairro(),
                    address.localidade(), address.uf()));
        }
        return database.sql("INSERT INTO pessoa (id, cpf, nome, created_at) VALUES (nextval('pessoa_seq'), :cpf, :nome, :createdAt) RETURNING id")
                .bind("cpf", cpf).bind("nome", nome).bind("createdAt", createdAt)
                .map(row -> row.get("id", Long.class)).one()
                .flatMap(id -> insertEnderecos(id, enderecos).thenReturn(new PessoaResponse(id, cpf, nome, createdAt, enderecos)));
    }

    private Mono<Long> insertEnderecos(long pessoaId, List<EnderecoResponse> enderecos) {
        StringBuilder sql = new StringBuilder("INSERT INTO endereco (id, pessoa_id, cep, logradouro, complemento, bairro, cidade, uf) VALUES ");
        for (int i = 0; i < enderecos.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("(nextval('endereco_seq'), :pessoaId, :cep%1$d, :logradouro%1$d, :complemento%1$d, :bairro%1$d, :cidade%1$d, :uf%1$d)".formatted(i));
        }
        DatabaseClient.GenericExecuteSpec insert = database.sql(sql.toString()).bind("pessoaId", pessoaId);
        for (int i = 0; i < enderecos.size(); i++) {
            EnderecoResponse e = enderecos.get(i);
            insert = insert.bind("cep" + i, e.cep()).bind("logradouro" + i, text(e.logradouro())).bind("complemento" + i, text(e.complemento()))
                    .bind("bairro" + i, text(e.bairro())).bind("cidade" + i, e.cidade()).bind("uf" + i, e.uf());
        }
        return insert.fetch().rowsUpdated();
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
