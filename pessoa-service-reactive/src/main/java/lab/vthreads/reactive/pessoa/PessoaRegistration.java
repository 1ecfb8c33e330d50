package lab.vthreads.reactive.pessoa;

import lab.vthreads.contract.cep.CepAddress;
import lab.vthreads.contract.deadline.RequestDeadline;
import lab.vthreads.contract.pessoa.DuplicateCpfException;
import lab.vthreads.contract.pessoa.PessoaRequest;
import lab.vthreads.contract.pessoa.PessoaResponse;
import lab.vthreads.reactive.cep.CepClient;
import lab.vthreads.reactive.cep.CepProperties;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * Registers a person: looks up every CEP, then inserts the person and addresses in one transaction; with
 * {@code lab.cep.lookup-inside-transaction=true} the lookups run inside it and hold its connection, as in pessoa-service.
 */
@Service
class PessoaRegistration {

    private final CepClient cepClient;
    private final PessoaStore store;
    private final DatabaseWork database;
    private final boolean lookupInsideTransaction;

    PessoaRegistration(CepClient cepClient, PessoaStore store, DatabaseWork database, CepProperties cepProperties) {
        this.cepClient = cepClient;
        this.store = store;
        this.database = database;
        this.lookupInsideTransaction = cepProperties.lookupInsideTransaction();
    }

    Mono<PessoaResponse> register(PessoaRequest request, RequestDeadline deadline) {
        List<String> ceps = request.enderecos().stream().map(PessoaRequest.EnderecoRequest::digits).toList();
        Mono<List<CepAddress>> lookups = cepClient.lookupAll(ceps);
        if (lookupInsideTransaction) {
            return database.inTransaction(deadline, lookups.flatMap(addresses -> insert(request, ceps, addresses)));
        }
        return lookups.flatMap(addresses -> database.inTransaction(deadline, insert(request, ceps, addresses)));
    }

    private Mono<PessoaResponse> insert(PessoaRequest request, List<String> ceps, List<CepAddress> addresses) {
        String cpf = request.cpfDigits();
        return store.insert(cpf, request.nome().strip(), ceps, addresses)
                .onErrorMap(e -> e instanceof DuplicateKeyException && String.valueOf(e.getMessage()).contains("uk_pessoa_cpf"),
                        e -> new DuplicateCpfException(cpf, e));
    }
}
