package lab.vthreads.pessoa.support;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.List;
import java.util.Map;

/** Reads and empties the real tables, so tests check what PostgreSQL stored, not what the service said. */
@Component
public class PessoaTables {

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;

    public PessoaTables(JdbcTemplate jdbc, PlatformTransactionManager transactionManager) {
        this.jdbc = jdbc;
        this.transaction = new TransactionTemplate(transactionManager);
    }

    /** In a transaction of its own: the pool hands out connections with autocommit off. */
    public void truncate() {
        transaction.executeWithoutResult(status -> jdbc.execute("TRUNCATE endereco, pessoa"));
    }

    public long pessoas() {
        return jdbc.queryForObject("SELECT count(*) FROM pessoa", Long.class);
    }

    public long enderecos() {
        return jdbc.queryForObject("SELECT count(*) FROM endereco", Long.class);
    }

    public long pessoasWithCpf(String cpf) {
        return jdbc.queryForObject("SELECT count(*) FROM pessoa WHERE cpf = ?", Long.class, cpf);
    }

    public List<Map<String, Object>> enderecosOf(String cpf) {
        return jdbc.queryForList("""
                SELECT e.cep, e.logradouro, e.bairro, e.cidade, e.uf FROM endereco e JOIN pessoa p ON p.id = e.pessoa_id
                WHERE p.cpf = ? ORDER BY e.id""", cpf);
    }
}
