package lab.vthreads.pessoa.cep;

/** The CEP API does not know this CEP: the client's input is wrong, not the service. */
public class CepNotFoundException extends RuntimeException {

    private final String cep;

    public CepNotFoundException(String cep) {
        super("CEP " + cep + " was not found");
        this.cep = cep;
    }

    public String cep() {
        return cep;
    }
}
