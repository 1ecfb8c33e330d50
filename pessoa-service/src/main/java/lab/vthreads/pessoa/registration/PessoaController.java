package lab.vthreads.pessoa.registration;

import lab.vthreads.contract.pessoa.PessoaResponse;
import lab.vthreads.contract.pessoa.PessoaRequest;
import jakarta.validation.Valid;
import lab.vthreads.contract.deadline.RequestDeadline;
import lab.vthreads.service.RequestDeadlines;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import java.net.URI;
import java.util.Map;

@RestController
@RequestMapping("/v1/pessoas")
class PessoaController {

    private final PessoaRegistration registration;
    private final PessoaRepository repository;

    PessoaController(PessoaRegistration registration, PessoaRepository repository) {
        this.registration = registration;
        this.repository = repository;
    }

    // curl -i -H 'Content-Type: application/json' -d '{"cpf":"89084980875","nome":"FULANO","enderecos":[{"cep":"22041012"}]}' localhost:8081/v1/pessoas
    // JSON only, decided from the header before the body is read: Spring MVC reads a form body (its @RequestBody) by
    // parsing it as parameters first, and a malformed percent-escape in it threw out of Tomcat's parser as a 500.
    @PostMapping(consumes = {MediaType.APPLICATION_JSON_VALUE, "application/*+json"})
    ResponseEntity<PessoaResponse> create(@Valid @RequestBody PessoaRequest request,
                                          @RequestHeader(name = RequestDeadlines.HEADER, required = false) String deadline) {
        PessoaResponse created = registration.register(request, RequestDeadline.fromHeader(deadline));
        // Relative (RFC 9110 allows it), so it stays right behind the gateway or any other proxy.
        URI location = URI.create("/v1/pessoas/" + created.id());
        return ResponseEntity.created(location).body(created);
    }

    @GetMapping("/{id:\\d+}")
    @Transactional(readOnly = true)
    ResponseEntity<PessoaResponse> get(@PathVariable long id) {
        return repository.findWithEnderecosById(id)
                .map(pessoa -> ResponseEntity.ok(pessoa.toResponse()))
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "No person with id " + id));
    }

    /** Load tests compare this with the 201s they received: nothing may be lost or written twice. */
    @GetMapping("/count")
    Map<String, Long> count() {
        return Map.of("count", repository.count());
    }
}
