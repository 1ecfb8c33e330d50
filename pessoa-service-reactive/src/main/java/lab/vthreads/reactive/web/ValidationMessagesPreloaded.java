package lab.vthreads.reactive.web;

import jakarta.validation.Validator;
import lab.vthreads.contract.pessoa.PessoaRequest;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Hibernate Validator reads its message bundles from their jars the first time a constraint fails, and the first
 * invalid request would do that read on an event loop (BlockHound caught it in InvalidInputIT). Failing every
 * constraint of the request once at start-up, on the main thread, leaves the bundles of the default locale cached; a
 * client asking for another locale in Accept-Language still costs one read the first time.
 */
@Component
class ValidationMessagesPreloaded implements SmartInitializingSingleton {

    private final Validator validator;

    ValidationMessagesPreloaded(Validator validator) {
        this.validator = validator;
    }

    @Override
    public void afterSingletonsInstantiated() {
        validator.validate(new PessoaRequest("0", " ", List.of(new PessoaRequest.EnderecoRequest("x"))));
        validator.validate(new PessoaRequest(null, null, null));
    }
}
