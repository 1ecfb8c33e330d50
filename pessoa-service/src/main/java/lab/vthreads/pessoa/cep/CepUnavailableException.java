package lab.vthreads.pessoa.cep;

/** The CEP API failed (reset, empty or 5xx response) or did not answer in time. */
public class CepUnavailableException extends RuntimeException {

    private final String cep;
    private final boolean timeout;

    public CepUnavailableException(String cep, boolean timeout, String reason, Throwable cause) {
        super("CEP API " + (timeout ? "timed out" : "failed") + " looking up " + cep + ": " + reason, cause);
        this.cep = cep;
        this.timeout = timeout;
    }

    public String cep() {
        return cep;
    }

    public boolean timeout() {
        return timeout;
    }
}
