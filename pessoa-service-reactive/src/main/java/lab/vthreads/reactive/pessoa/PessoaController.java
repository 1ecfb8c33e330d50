package lab.vthreads.reactive.pessoa;

import jakarta.validation.Valid;
import lab.vthreads.contract.deadline.RequestDeadline;
import lab.vthreads.contract.pessoa.PessoaRequest;
import lab.vthreads.contract.pessoa.PessoaResponse;
import lab.vthreads.service.RequestDeadlines;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.util.Map;

@RestController
@RequestMapping("/v1/pessoas")
class PessoaController {

    private final PessoaRegistration registration;
    private final PessoaStore store;

    PessoaController(PessoaRegistration registration, PessoaStore store) {
        this.registration = registration;
        this.store = store;
    }

    @PostMapping
    Mono<ResponseEntity<PessoaResponse>> create(@Valid @RequestBody PessoaRequest request,
                                                @RequestHeader(name = RequestDeadlines.HEADER, required = false) String deadline) {
        return Mono.fromSupplier(() -> RequestDeadline.fromHeader(deadline))
                .flatMap(parsed -> registration.register(request, parsed))
                // Relative (RFC 9110 allows it), so it stays right behind the gateway or any other proxy.
                .map(created -> ResponseEntity.created(URI.create("/v1/pessoas/" + created.id())).body(created));
    }

    @GetMapping("/{id:\\d+}")
    Mono<PessoaResponse> get(@PathVariable long id) {
        return store.find(id).switchIfEmpty(Mono.error(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "No person with id " + id)));
    }

    /** Load tests compare this with the 201s they received: nothing may be lost or written twice. */
    @GetMapping("/count")
    Mono<Map<String, Long>> count() {
        return store.count().map(count -> Map.of("count", count));
    }
}
