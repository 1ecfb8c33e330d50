package lab.vthreads.contract.cep;

import lab.vthreads.service.ProblemTypes;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/** The CEP API does not know this CEP: the client's input is wrong, not the service (422 {@code cep-not-found}). */
public class CepNotFoundException extends ErrorResponseException {

    private final String cep;

    public CepNotFoundException(String cep) {
        super(HttpStatus.UNPROCESSABLE_CONTENT, ProblemTypes.problem(HttpStatus.UNPROCESSABLE_CONTENT, "cep-not-found", "CEP not found",
                "CEP " + cep + " was not found"), null);
        getBody().setProperty("cep", cep);
        this.cep = cep;
    }

    public String cep() {
        return cep;
    }
}
