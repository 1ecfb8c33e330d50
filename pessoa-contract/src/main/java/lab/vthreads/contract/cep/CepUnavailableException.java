package lab.vthreads.contract.cep;

import lab.vthreads.service.ProblemTypes;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/**
 * The CEP API failed (reset, empty or 5xx response: 502 {@code cep-unavailable}) or did not answer in time (504
 * {@code cep-timeout}). Either way the request is not the client's fault and nothing was stored.
 */
public class CepUnavailableException extends ErrorResponseException {

    private final String cep;
    private final boolean timeout;

    public CepUnavailableException(String cep, boolean timeout, String reason, Throwable cause) {
        super(status(timeout), ProblemTypes.problem(status(timeout), timeout ? "cep-timeout" : "cep-unavailable",
                timeout ? "CEP API timed out" : "CEP API failed",
                "CEP API " + (timeout ? "timed out" : "failed") + " looking up " + cep + ": " + reason), cause);
        getBody().setProperty("cep", cep);
        this.cep = cep;
        this.timeout = timeout;
    }

    private static HttpStatus status(boolean timeout) {
        return timeout ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY;
    }

    public String cep() {
        return cep;
    }

    public boolean timeout() {
        return timeout;
    }
}
