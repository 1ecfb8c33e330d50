package lab.vthreads.pessoa.registration;

import lab.vthreads.contract.pessoa.DuplicateCpfException;
import lab.vthreads.contract.pessoa.PessoaResponse;
import lab.vthreads.contract.pessoa.PessoaRequest;
import lab.vthreads.contract.cep.CepAddress;
import lab.vthreads.pessoa.cep.CepClient;
import lab.vthreads.pessoa.cep.CepProperties;
import lab.vthreads.contract.deadline.RequestDeadline;
import org.hibernate.exception.ConstraintViolationException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.List;

/**
 * Registers a person: looks up every CEP, then inserts the person and addresses in one transaction.
 *
 * <p>By default the lookups run before the transaction opens, so no pooled connection waits on remote I/O.
 * {@code lab.cep.lookup-inside-transaction=true} runs them inside it on purpose: each request then holds a
 * connection for the whole CEP latency, and the pool, not the thread model, limits throughput.
 */
@Service
public class PessoaRegistration {

    private final CepClient cepClient;
    private final PessoaRepository repository;
    private final DatabaseWork database;
    private final boolean lookupInsideTransaction;

    PessoaRegistration(CepClient cepClient, PessoaRepository repository, DatabaseWork database, CepProperties cepProperties) {
        this.cepClient = cepClient;
        this.repository = repository;
        this.database = database;
        this.lookupInsideTransaction = cepProperties.lookupInsideTransaction();
    }

    public PessoaResponse register(PessoaRequest request) {
        return register(request, RequestDeadline.NONE);
    }

    /** Stores the person, or nothing if the {@code deadline} passes before the commit. */
    public PessoaResponse register(PessoaRequest request, RequestDeadline deadline) {
        if (lookupInsideTransaction) {
            // DatabaseWork takes the connection first, so the lookups really run while it is held.
            return database.inTransaction(deadline, () -> insert(request, lookUp(request)));
        }
        List<Endereco> enderecos = lookUp(request);
        return database.inTransaction(deadline, () -> insert(request, enderecos));
    }

    private List<Endereco> lookUp(PessoaRequest request) {
        List<String> ceps = request.enderecos().stream().map(PessoaRequest.EnderecoRequest::digits).toList();
        List<CepAddress> addresses = cepClient.lookupAll(ceps);
        List<Endereco> enderecos = new ArrayList<>(ceps.size());
        for (int i = 0; i < ceps.size(); i++) {
            enderecos.add(Endereco.from(ceps.get(i), addresses.get(i)));
        }
        return enderecos;
    }

    private PessoaResponse insert(PessoaRequest request, List<Endereco> enderecos) {
        String cpf = request.cpfDigits();
        Pessoa pessoa = new Pessoa(cpf, request.nome().strip());
        enderecos.forEach(pessoa::addEndereco);
        try {
            // Flush here, inside the transaction, so a duplicate CPF surfaces as a translated exception we can name.
            repository.saveAndFlush(pessoa);
        } catch (DataIntegrityViolationException e) {
            if (isDuplicateCpf(e)) {
                throw new DuplicateCpfException(cpf, e);
            }
            throw e;
        }
        return pessoa.toResponse();
    }

    private static boolean isDuplicateCpf(DataIntegrityViolationException e) {
        return e.getCause() instanceof ConstraintViolationException violation
                && "uk_pessoa_cpf".equalsIgnoreCase(violation.getConstraintName());
    }
}
